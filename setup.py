"""The native build: the hot modules compiled to C extensions with mypyc, at install time.

Everything else about the package is in pyproject.toml. The modules to compile are listed in
`hiddenhand/native.py`. Where mypyc or a C compiler is missing, or the build fails, the install
goes on without extensions and the pure-Python modules run (the same code, slower);
`HIDDENHAND_NATIVE=0` skips the build on purpose.
"""

from __future__ import annotations

import os
import runpy
import sys
import sysconfig
import traceback
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))


def _warn(why: str) -> None:
    print(f"hiddenhand: {why}; the pure-Python modules will run", file=sys.stderr)


def native_extensions() -> list[Any]:
    if os.environ.get("HIDDENHAND_NATIVE", "1") == "0":
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        _warn("mypyc is not installed")
        return []
    names = runpy.run_path(os.path.join(HERE, "hiddenhand", "native.py"))["NATIVE_MODULES"]
    paths = [name.replace(".", "/") + ".py" for name in names]
    try:
        # One extension per module (`separate`): they compile in parallel, and a module's
        # classes stay open to subclasses defined elsewhere (tests, other games).
        # -O2 rather than mypyc's -O3: much the same speed, a quicker build.
        # Errors in the modules they import, which are not compiled, are not the build's
        # business (`make typecheck` has them): in pip's isolated build the third-party
        # libraries are missing, and some of the type checker's findings change.
        flags = ["--follow-imports=silent", "--no-warn-unused-ignores", "--cache-dir=build/mypy"]
        return mypycify(flags + paths, opt_level="2", debug_level="0", separate=True)
    except BaseException:  # mypyc exits (SystemExit) on a compile error
        traceback.print_exc()
        _warn("mypyc could not compile the native modules")
        return []


class OptionalBuildExt(build_ext):
    """Builds the extensions in parallel, and carries on without them if the C compiler fails."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1

    def run(self) -> None:
        try:
            super().run()
        except Exception:
            traceback.print_exc()
            _warn("the C compiler could not build the native modules")
            # None of them, rather than some: a compiled module needs the others it calls.
            for path in self._outputs():
                os.remove(path)
            return
        # Built from the sources as they are now, even where the C code came out the same and
        # nothing was compiled again: tests/test_native.py refuses extensions older than them.
        for path in self._outputs():
            os.utime(path)

    def _outputs(self) -> list[str]:
        """The extension files there are, in the build folder and beside the sources."""
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        paths = []
        for ext in self.extensions:
            for path in (self.get_ext_fullpath(ext.name), ext.name.replace(".", "/") + suffix):
                if os.path.exists(path) and path not in paths:
                    paths.append(path)
        return paths


setup(ext_modules=native_extensions(), cmdclass={"build_ext": OptionalBuildExt})
