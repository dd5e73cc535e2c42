"""Whether TensorFlow would run its oneDNN kernels on this machine (its ``IsMklEnabled``).

TensorFlow's x86 Linux wheels turn oneDNN on by default only on CPUs with neural-network
features (AVX512_VNNI, AVX512_BF16, AVX_VNNI or AMX); TF_ENABLE_ONEDNN_OPTS ('1'/'true',
'0'/'false') overrides that. oneDNN's kernels round differently from Eigen's (a softmax,
ops/onednn_softmax.py), so tapeflow follows the same rule to print what TF prints here.
"""
import functools
import os
import platform
import sys

_NEURAL_NETWORK_FLAGS = {'avx512_vnni', 'avx512_bf16', 'avx_vnni', 'amx_tile', 'amx_int8', 'amx_bf16'}


def enabled():
    """TF_ENABLE_ONEDNN_OPTS when set to a boolean, else TensorFlow's default for this CPU."""
    # (asked for every matrix product: the environment's raw entry, one dict lookup, names the
    # answer already worked out for it; os.environ.get decodes and builds strings, ~1 us a call)
    raw = _RAW_ENVIRONMENT.get(_RAW_KEY) if _RAW_ENVIRONMENT is not None else os.environ.get(_KEY)
    answer = _ANSWERS.get(raw)
    if answer is None:
        answer = _ANSWERS[raw] = _answer(os.environ.get(_KEY))
    return answer


def _answer(value):
    setting = (value or '').strip().lower()
    if setting in ('1', 'true'):
        return True
    if setting in ('0', 'false'):
        return False
    return default_for_this_cpu()


_KEY = 'TF_ENABLE_ONEDNN_OPTS'
# os.environ keeps the process environment in a dict of encoded keys and values (``_data``), which
# os.environ[...] = ..., del, putenv through it and monkeypatch.setenv all update; where it has no
# such dict the lookup goes through os.environ. The answer per raw value (a bytes value, or the str)
# is cached: the CPU's features do not change while the process runs.
_RAW_ENVIRONMENT = getattr(os.environ, '_data', None)
_RAW_ENVIRONMENT = _RAW_ENVIRONMENT if type(_RAW_ENVIRONMENT) is dict else None
_RAW_KEY = os.environ.encodekey(_KEY) if _RAW_ENVIRONMENT is not None else None
_ANSWERS = {}


def eigen_avx2():
    """Whether TF's float32 products here are Eigen's contraction on oneDNN's AVX2 kernels (oneDNN off,
    8-lane vectors: an AMD EPYC without AVX-512; eigen_avx2_product.py). Asked for every product of a
    training step: one lookup of the answer kept beside ``enabled``'s (cleared with it)."""
    raw = _RAW_ENVIRONMENT.get(_RAW_KEY) if _RAW_ENVIRONMENT is not None else os.environ.get(_KEY)
    answer = _ANSWERS.get((raw, _EIGEN_AVX2))
    if answer is None:
        answer = _ANSWERS[raw, _EIGEN_AVX2] = not enabled() and vector_lanes() == 8
    return answer


_EIGEN_AVX2 = 'eigen_avx2'


def default_for_this_cpu():
    """Whether the CPU has one of the features TensorFlow turns oneDNN on for (x86 Linux)."""
    return bool(_NEURAL_NETWORK_FLAGS & _cpu_flags())


def takes_16_bit_floats():
    """Whether oneDNN's kernels take float16 and bfloat16 on this CPU, as TF's IsDataTypeSupportedByOneDNNOnThisCPU
    decides: with AVX-512 (an AVX-512 Xeon runs TF 2.21's float16 dilated transposed convolutions through oneDNN;
    an AMD EPYC without it, TF_ENABLE_ONEDNN_OPTS=1, sends them to TF's own kernels, which refuse them)."""
    return {'avx512f', 'avx512bw'} <= _cpu_flags()


def vector_lanes():
    """float32 lanes of the vector registers oneDNN's kernels use here: 16 with AVX-512, else 8."""
    return 16 if 'avx512f' in _cpu_flags() else 8


@functools.lru_cache(maxsize=None)
def _cpu_flags():
    if not sys.platform.startswith('linux') or platform.machine().lower() not in ('x86_64', 'amd64'):
        return frozenset()
    try:
        with open('/proc/cpuinfo') as info:
            for line in info:
                if line.startswith('flags'):
                    return frozenset(line.split(':', 1)[1].split())
    except OSError:
        pass
    return frozenset()
