"""Builds the evaluator's hot modules (`evaluator.runtime.native.HOT`) with Cython where a C compiler is at
hand; where none is, or DV_EVAL_PURE_PYTHON=1 is set, or a module fails to build, the package installs
as pure Python all the same (`evaluator/runtime/native.py` then imports every hot module from its source).

Once per environment: the C files (build/cython) and the built modules (build/, for an editable
install too, whose build directories are otherwise temporary) are kept, and a module whose sources
did not change since is not compiled again. The modules are translated and compiled in parallel, at -O1
without debug information: as fast per object as -O2, in about 60% of its compile time
(benchmarks/README.md, Set-up)."""

import os
import sys
import sysconfig

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HOT = (  # below the `evaluator` package; structural first: the longest to compile (benchmarks/hotmodules.py)
    "schema.structural",
    "schema.context",
    "schema.compiler",
    "schema.keywords",
    "schema.errors",
)


class OptionalBuildExt(build_ext):
    """Builds on every core, into build/ also for an editable install (an unchanged module is not built
    again); a failure (no compiler, no headers) leaves the pure-Python package."""

    def initialize_options(self) -> None:
        super().initialize_options()
        self.parallel = os.cpu_count() or 1

    def finalize_options(self) -> None:
        super().finalize_options()
        if getattr(self, "editable_mode", False) or self.inplace:
            where = f"{sysconfig.get_platform()}-{sys.implementation.cache_tag}"
            self.build_lib = os.path.join("build", f"lib.{where}")
            self.build_temp = os.path.join("build", f"temp.{where}")

    def build_extensions(self) -> None:
        if self.compiler.compiler_type == "unix":  # gcc, clang: -O1, no debug information (see above)
            for ext in self.extensions:
                ext.extra_compile_args = [*ext.extra_compile_args, "-g0", "-O1"]
        super().build_extensions()

    def run(self) -> None:
        try:
            super().run()
        except Exception as e:  # noqa: BLE001 - any build failure: the sources are the fallback
            print(f"dv2openapi: the evaluator's compiled modules were not built ({e}); using pure Python")
        if getattr(self, "editable_mode", False) or self.inplace:
            self._drop_unlisted()

    def _drop_unlisted(self) -> None:
        """A checkout's builds of modules no longer compiled: Python would import them before their sources."""
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        listed = {ext.name for ext in self.extensions}
        for folder, _, files in os.walk("evaluator"):
            for name in files:
                module = ".".join([*folder.split(os.sep), name[: -len(suffix)]])
                if name.endswith(suffix) and module not in listed:
                    os.remove(os.path.join(folder, name))


def extensions() -> list:
    if os.environ.get("DV_EVAL_PURE_PYTHON", "") not in ("", "0"):
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:
        return []
    modules = [Extension(f"evaluator.{m}", [f"evaluator/{m.replace('.', '/')}.py"], optional=True) for m in HOT]
    # a schema file's fast reader: needs libyaml's header and library (libyaml-dev, libyaml-devel)
    modules.append(
        Extension("evaluator.input.plainyaml", ["evaluator/input/plainyaml.pyx"], libraries=["yaml"], optional=True)
    )
    # annotation_typing=False: annotations stay hints, so the compiled modules mean what the sources mean
    try:
        return cythonize(
            modules,
            language_level=3,
            compiler_directives={"annotation_typing": False, "binding": True},
            build_dir="build/cython",
            quiet=True,
            nthreads=os.cpu_count() or 1,
        )
    except Exception as e:  # noqa: BLE001 - a Cython that rejects a module: the sources, as without Cython
        print(f"dv2openapi: the evaluator's modules were not translated to C ({e}); using pure Python")
        return []


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
