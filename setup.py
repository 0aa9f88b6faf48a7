# SPDX-License-Identifier: MIT
"""`pip install .`: the package python/dominoes with its extension built by CMake (python/cmake_build.py)."""
import os
import sys

from setuptools import setup

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "python"))
from cmake_build import CMakeBuild, CMakeExtension, project_version  # noqa: E402

setup(
    version=project_version(),
    packages=["dominoes"],
    package_dir={"": "python"},
    package_data={"dominoes": ["py.typed"]},
    ext_modules=[CMakeExtension("dominoes._dominoes")],
    cmdclass={"build_ext": CMakeBuild},
    zip_safe=False,
    # setuptools' own folders (build_base) beside, not inside, the CMake build folder build/.
    options={"build": {"build_base": "build-wheel"}},
)
