# Lit configuration for tile's test suite: test/{Dialect,Transforms,CAPI,tile-opt}.
import os
import shutil
import subprocess

import lit.formats

config.name = "tile"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".test", ".c"]
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py.in", "Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tile_build_dir, "test")

# Our tools first, then LLVM's (FileCheck, not, mlir-opt).
config.environment["PATH"] = os.pathsep.join(
    [config.tile_build_dir, os.path.join(config.tile_build_dir, "test", "CAPI"),
     config.llvm_tools_dir, config.environment.get("PATH", os.environ["PATH"])])
config.substitutions.append(("%tile_src", config.tile_source_dir))
config.substitutions.append(("%irdl", os.path.join(config.tile_source_dir, "dialect", "tile.irdl.mlir")))

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
