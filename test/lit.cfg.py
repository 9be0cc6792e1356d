# Lit configuration for tile's test suite: test/{Dialect,Transforms,CAPI,tile-opt}.
import os
import shutil
import subprocess

import lit.formats

config.name = "tile"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".test", ".c"]
# fake_cuda.c is the stand-in driver test/tile-run/cuda-fake-driver.test
# loads, not a test.
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py.in", "Inputs",
                   "fake_cuda.c"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tile_build_dir, "test")

# Our tools first, then LLVM's (FileCheck, not, mlir-opt).
config.environment["PATH"] = os.pathsep.join(
    [config.tile_build_dir, os.path.join(config.tile_build_dir, "test", "CAPI"),
     config.llvm_tools_dir, config.environment.get("PATH", os.environ["PATH"])])
# Hermetic compiles: the compile cache is off for the whole suite (a test
# sees what this build compiles, never an entry of an earlier run), and
# points into the build tree should a test turn it back on without naming
# a directory. test/tile-opt/cache-*.test turn it on, each in a directory
# of its own (TILE_NO_CACHE=0 TILE_CACHE_DIR=%t...).
config.environment["TILE_NO_CACHE"] = "1"
config.environment["TILE_CACHE_DIR"] = os.path.join(
    config.tile_build_dir, "test", "compile-cache")
for name in ("TILE_CACHE_VERBOSE", "XDG_CACHE_HOME"):
    config.environment.pop(name, None)
config.substitutions.append(("%tile_src", config.tile_source_dir))
# Flags for C programs a test compiles and links with the build's
# libraries (test/AotC): a sanitizer build's libraries need its runtimes.
config.substitutions.append(("%tile_cflags", "-fsanitize=address,undefined"
                             if getattr(config, "tile_sanitizers", False) else ""))
config.substitutions.append(("%tile_build", config.tile_build_dir))
config.substitutions.append(("%fake_cuda", os.path.join(
    config.tile_build_dir, "test", "Runtime", "libtile-fake-cuda.so")))
config.substitutions.append(("%irdl", os.path.join(config.tile_source_dir, "dialect", "tile.irdl.mlir")))

# Reference results come from NumPy, independent of tile's code. The Python
# that has it may not be the first python3 on PATH (Debian's python3-numpy
# serves /usr/bin/python3): %numpy_python is one that imports numpy, and
# tests that use it say `REQUIRES: numpy`.
def find_numpy_python():
    import sys
    for python in (sys.executable, "/usr/bin/python3", shutil.which("python3")):
        if python and os.path.exists(python) and subprocess.run(
                [python, "-c", "import numpy"], capture_output=True).returncode == 0:
            return python
    return None

numpy_python = find_numpy_python()
if numpy_python:
    config.available_features.add("numpy")
    config.substitutions.append(("%numpy_python", numpy_python))
else:
    lit_config.note("no Python with numpy (apt install python3-numpy): "
                    "tests marked 'REQUIRES: numpy' are skipped")

# GPU tests are marked `REQUIRES: cuda-gpu`; CI has no GPU and skips them.
def has_cuda_gpu():
    smi = shutil.which("nvidia-smi")
    if not smi:
        return False
    try:
        return subprocess.run([smi, "-L"], capture_output=True, timeout=20).returncode == 0
    except Exception:
        return False

if has_cuda_gpu():
    config.available_features.add("cuda-gpu")
else:
    lit_config.note("no CUDA GPU found: tests marked 'REQUIRES: cuda-gpu' are skipped")

# Tests that assemble with ptxas say `REQUIRES: ptxas`: skipped where no
# CUDA toolkit is found (the places tile looks: $CUDA_HOME, $CUDA_PATH,
# /usr/local/cuda).
def ptxas_path():
    for root in (os.environ.get("CUDA_HOME"), os.environ.get("CUDA_PATH"),
                 "/usr/local/cuda"):
        if root and os.path.exists(os.path.join(root, "bin", "ptxas")):
            return os.path.join(root, "bin", "ptxas")
    return None

if ptxas_path():
    config.available_features.add("ptxas")
    # ptxas itself, for what only its -v report shows.
    config.substitutions.append(("%ptxas", ptxas_path()))
else:
    lit_config.note("no CUDA toolkit with ptxas: tests marked 'REQUIRES: ptxas' are skipped")

# The Python package (python/tile) is tested with pytest by the Python that
# has numpy, when the build made the package (TILE_ENABLE_PYTHON) and
# pytest is installed (apt install python3-pytest): `REQUIRES: python-package`.
def has_python_package():
    built = os.path.exists(os.path.join(config.tile_build_dir, "python", "tile",
                                        "_runtime.abi3.so"))
    if not built:
        return "the build has no Python package (TILE_ENABLE_PYTHON=OFF, or no Python headers: apt install python3-dev)"
    if not numpy_python or subprocess.run([numpy_python, "-c", "import pytest"],
                                          capture_output=True).returncode != 0:
        return "no pytest for the Python with numpy (apt install python3-pytest)"
    return None

why_no_python = has_python_package()
if why_no_python:
    lit_config.note(why_no_python + ": tests marked 'REQUIRES: python-package' are skipped")
else:
    config.available_features.add("python-package")
    # ml_dtypes (numpy's bf16 and FP8 types) where scripts/deps.sh --test
    # put it; tests that need it skip without it.
    test_python = "/usr/local/lib/tile-test-python"
    paths = [os.path.join(config.tile_build_dir, "python")]
    if os.path.isdir(os.path.join(test_python, "ml_dtypes")):
        paths.append(test_python)
    else:
        lit_config.note("no ml_dtypes in %s (scripts/deps.sh --test): the "
                        "Python tests of bf16 and FP8 numpy arrays are skipped" % test_python)
    config.substitutions.append(("%pytest", "env PYTHONPATH=%s %s -m pytest -q -p no:cacheprovider" % (
        ":".join(paths), numpy_python)))
