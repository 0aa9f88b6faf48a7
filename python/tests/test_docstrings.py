# SPDX-License-Identifier: MIT
"""Issue 45 #6: every public name of the package has a docstring that says something beyond its
signature, and inspect.signature reads every function and method (docs/python.md, Signatures)."""
import inspect
import re
import types

import dominoes

# A line pybind11 writes itself: a signature ("name(a: int) -> int", "1. name(...)", a property
# getter's "(arg0: Match) -> int"), "Overloaded function.", and an enum's list of members.
GENERATED = re.compile(r"^(\d+\. )?(\w+)?\(.*\)( -> .*)?$|^Overloaded function\.$|^--$")

# Overloads whose parameters differ in name: inspect.signature gives (*args, **kwargs), rightly.
VARIADIC = set()


def described(obj):
    """The docstring's own words: its text less what pybind11 generates."""
    doc = inspect.getdoc(obj) if not isinstance(obj, property) else (obj.__doc__ or "")
    doc = (doc or "").split("Members:")[0] if isinstance(obj, type) and hasattr(obj, "__members__") else doc or ""
    return " ".join(line.strip() for line in doc.splitlines() if line.strip() and not GENERATED.match(line.strip()))


def public():
    """(qualified name, object) for every public class, function, method and property."""
    for name in sorted(dir(dominoes)):
        obj = getattr(dominoes, name)
        if name.startswith("_") or isinstance(obj, types.ModuleType):
            continue
        if isinstance(obj, type):
            yield name, obj
            for attr, value in sorted(vars(obj).items()):
                if attr.startswith("_") and attr != "__init__":
                    continue
                if type(value).__name__ == "wrapper_descriptor":  # CPython's slot (no constructor of ours)
                    continue
                if isinstance(value, (property, staticmethod, classmethod)) or callable(value):
                    yield f"{name}.{attr}", value if isinstance(value, property) else getattr(obj, attr)
        elif callable(obj):
            yield name, obj


def test_every_public_name_is_described():
    names = dict(public())
    assert len(names) > 150 and "Match.legal_actions" in names and "Observation.hand" in names
    missing = [name for name, obj in names.items() if not described(obj)]
    assert missing == [], f"{len(missing)} public names without a docstring: {missing}"


def test_every_callable_has_a_signature():
    failed, variadic = [], []
    for name, obj in public():
        if isinstance(obj, property):
            continue
        if isinstance(obj, type) and (issubclass(obj, BaseException) or "__init__" not in vars(obj)
                                      or type(vars(obj)["__init__"]).__name__ == "wrapper_descriptor"):
            continue  # made by the engine only (Observation, Event, ...), or an exception: no signature to read
        try:
            sig = inspect.signature(obj)
        except (ValueError, TypeError):
            failed.append(name)
            continue
        if str(sig) in ("(*args, **kwargs)", "(self, /, *args, **kwargs)") and name not in VARIADIC:
            variadic.append(name)
    assert failed == [] and variadic == [], (failed, variadic)


def test_the_checker_sees_a_bare_signature():
    class Bare:
        def f(self):
            pass
    assert described(Bare.f) == ""
    assert described(dominoes.Match.play) and not GENERATED.match("Plays a legal move.")
