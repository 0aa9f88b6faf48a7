# SPDX-License-Identifier: MIT
"""setuptools' build_ext for `pip install .` (setup.py): CMake builds the target pydominoes, and the
module and its stubs (_dominoes.pyi) are copied into the wheel's package.

The CMake build folder is build-wheel/cmake in the source tree (kept, so a second `pip install .`
rebuilds only what changed), or $DOMINOES_WHEEL_BUILD. It is configured for the Python that runs pip,
without the studio or the tests; CMAKE_BUILD_PARALLEL_LEVEL sets the jobs (default 2).
"""
import os
import re
import shutil
import subprocess
import sys

from setuptools import Extension
from setuptools.command.build_ext import build_ext

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def project_version():
    """The project's VERSION from the top CMakeLists.txt's project() line."""
    with open(os.path.join(ROOT, "CMakeLists.txt"), encoding="utf-8") as f:
        found = re.search(r"project\(\s*\S+\s+VERSION\s+([0-9.]+)", f.read())
    if not found:
        raise RuntimeError("no VERSION in CMakeLists.txt's project()")
    return found.group(1)


class CMakeExtension(Extension):
    """An extension whose sources CMake knows (python/CMakeLists.txt)."""

    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    """Builds pydominoes with CMake and copies it where setuptools expects the extension."""

    def build_extension(self, ext):
        build = os.environ.get("DOMINOES_WHEEL_BUILD", os.path.join(ROOT, "build-wheel", "cmake"))
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", "2")
        subprocess.run(["cmake", "-S", ROOT, "-B", build, "-DCMAKE_BUILD_TYPE=Release", "-DDOMINOES_STUDIO=OFF",
                        "-DBUILD_TESTING=OFF", "-DDOMINOES_PYTHON=ON", f"-DPython3_EXECUTABLE={sys.executable}"],
                       check=True)
        subprocess.run(["cmake", "--build", build, "--target", "pydominoes", "-j", jobs], check=True)
        package = os.path.join(build, "python", "dominoes")
        built = [f for f in os.listdir(package) if f.startswith("_dominoes.") and f.endswith(".so")]
        if len(built) != 1:
            raise RuntimeError(f"expected one built module in {package}, found {built}")
        target = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(os.path.join(package, built[0]), target)
        shutil.copyfile(os.path.join(package, "_dominoes.pyi"), os.path.join(os.path.dirname(target), "_dominoes.pyi"))
