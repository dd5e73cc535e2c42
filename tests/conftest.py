"""Shared fixtures: the array backends every core test runs on.

``backend`` is 'numpy' always and 'cupy' where cupy imports and a GPU is
visible; elsewhere (CI has no GPU) the cupy cases skip with the reason. A test
taking ``backend`` runs inside ``framework.device(...)`` for it, so every
tensor it makes from Python or numpy values lands on that backend's device.
"""
import numpy as np
import pytest

import framework
from framework import backend as array_backend
from framework import onednn_policy

# The suite's TensorFlow bits were measured on an AVX-512 VNNI Xeon, where TF 2.21 runs its oneDNN
# kernels by default; on other CPUs (an AMD EPYC, a laptop) TF itself takes its Eigen kernels and
# prints other last bits. With oneDNN on, tapeflow computes oneDNN's orders on any CPU: a test whose
# golden came from oneDNN's kernels asks for them with the ``onednn_on`` fixture below. Goldens that
# also hang on AVX-512 itself: ``avx512_bits``.
#
# numpy's float32 exp / log / tanh and OpenBLAS's products take AVX-512 code on such a CPU and
# round their last bits otherwise elsewhere, and TF's own kernels do too (an LSTM's gradients on an
# AMD EPYC without AVX-512 differ from the Xeon's in the last bits, in TF as in tapeflow): a test
# marked ``avx512_bits`` pins such bits, and runs only on a CPU like the one they were measured on.
ON_GOLDEN_CPU = onednn_policy.default_for_this_cpu() and onednn_policy.vector_lanes() == 16
# The kinds of CPU goldens were measured on: 'avx512_vnni' (that Xeon) and 'avx2' (an AMD EPYC without
# AVX-512, where TF runs Eigen's kernels: some goldens of later rounds come from there).
if ON_GOLDEN_CPU:
    CPU_KIND = 'avx512_vnni'
elif onednn_policy.vector_lanes() == 8 and not onednn_policy.default_for_this_cpu():
    CPU_KIND = 'avx2'
else:
    CPU_KIND = 'other'


def pytest_configure(config):
    config.addinivalue_line('markers', 'avx512_bits: pins float32 bits TF 2.21 gives on an AVX-512 VNNI CPU '
                                       '(skipped on other CPUs, whose kernels round otherwise)')


def pytest_runtest_setup(item):
    if not ON_GOLDEN_CPU and item.get_closest_marker('avx512_bits') is not None:
        pytest.skip("TF 2.21's float32 bits measured on an AVX-512 VNNI CPU; this CPU's numpy, OpenBLAS and "
                    'TF kernels round the last bits otherwise')


def _gpu_missing_reason():
    """None when a GPU is usable through cupy, else why not."""
    cp = array_backend.cupy_module()
    if cp is None:
        return 'cupy is not installed (pip install tapeflow[gpu] on a machine with an NVIDIA GPU)'
    try:
        count = cp.cuda.runtime.getDeviceCount()
    except Exception as err:          # a CUDA runtime without a driver raises here
        return 'cupy is installed but no CUDA device is visible: %s' % err
    return None if count > 0 else 'cupy is installed but no CUDA device is visible'


class Backend:
    """One array backend: its name, its array module and the device it places on."""

    def __init__(self, name, device_spec):
        self.name = name
        self.device_spec = device_spec

    @property
    def xp(self):
        return np if self.name == 'numpy' else array_backend.cupy_module()

    def holds(self, tensor):
        """Whether ``tensor``'s array lives on this backend."""
        return array_backend.is_device_array(tensor._data) == (self.name == 'cupy')

    def __repr__(self):
        return self.name


BACKENDS = [
    pytest.param(Backend('numpy', '/CPU:0'), id='numpy'),
    pytest.param(Backend('cupy', '/GPU:0'), id='cupy'),
]


@pytest.fixture(params=BACKENDS)
def backend(request):
    """Run the test with new tensors placed on each available backend."""
    chosen = request.param
    if chosen.name == 'cupy':
        reason = _gpu_missing_reason()
        if reason is not None:
            pytest.skip(reason)
    with framework.device(chosen.device_spec):
        yield chosen



@pytest.fixture
def exact_math():
    """framework.config.set_tf_exact_math(True) for one test: TensorFlow's kernels on every size
    (by default only arrays of up to 256 elements, 32 for summation orders); the previous mode is restored after."""
    previous = framework.config.tf_exact_math()
    framework.config.set_tf_exact_math(True)
    yield
    framework.config.set_tf_exact_math(previous)


@pytest.fixture
def intra_op_threads():
    """framework.config.threading.set_intra_op_parallelism_threads, handed to the test (kernels whose
    summation order TensorFlow splits by thread count are measured at 1 and 2); the count is restored after."""
    before = framework.config.threading.get_intra_op_parallelism_threads()
    yield framework.config.threading.set_intra_op_parallelism_threads
    framework.config.threading.set_intra_op_parallelism_threads(before)


@pytest.fixture
def explained_nones():
    """framework.debugging.explain_none_gradients() for one test: a NoneGradientWarning at each None
    gradient (off by default, as TensorFlow prints nothing there); the previous switch is restored after."""
    from framework import none_gradients
    previous = none_gradients.EXPLAIN_NONE[0]
    framework.debugging.explain_none_gradients(True)
    yield
    none_gradients.EXPLAIN_NONE[0] = previous


def hexes_as_tf(actual_hexes, expected_hexes, measured_on='avx2'):
    """Whether float.hex strings match TF 2.21's measured on ``measured_on``: bit for bit on such a CPU,
    within float32 rounding (rel 1e-5) on another, whose kernels round the last bits otherwise."""
    if CPU_KIND == measured_on:
        return actual_hexes == expected_hexes
    actual = [float.fromhex(h) for h in actual_hexes]
    return actual == pytest.approx([float.fromhex(h) for h in expected_hexes], rel=1e-5, abs=1e-7)


@pytest.fixture
def cpu_kind():
    """The kind of CPU this is, as goldens name it ('avx512_vnni', 'avx2' or 'other'; see CPU_KIND): for tests
    that hold TF 2.21's bits measured on each kind and skip where none were."""
    return CPU_KIND


@pytest.fixture
def same_as_tf():
    """``check(actual, expected, measured_on='avx512_vnni')`` of float values TF 2.21 printed: bit for bit
    on a CPU of the kind they were measured on (see CPU_KIND), within float32 rounding (rel 1e-5) elsewhere."""
    def check(actual, expected, measured_on='avx512_vnni'):
        if CPU_KIND == measured_on:
            assert actual == expected
        else:
            assert actual == pytest.approx(expected, rel=1e-5)
    return check


@pytest.fixture
def intel_reciprocal(monkeypatch):
    """Intel's VRCPPS estimate under float32 reciprocals for one test (goldens measured on the Xeon), whatever
    this CPU is: on the AMD EPYC whose estimate tapeflow holds, TF's reciprocals have that CPU's bits."""
    from framework.ops import zen3_reciprocal_estimate
    monkeypatch.setattr(zen3_reciprocal_estimate, 'applies', lambda: False)


@pytest.fixture
def onednn_on(monkeypatch):
    """TF_ENABLE_ONEDNN_OPTS=1 for one test: TF 2.21's default on the CPU its goldens were measured on,
    whatever this CPU is (a test that sets the variable itself still wins)."""
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '1')


@pytest.fixture
def xeon_cpu(monkeypatch, intel_reciprocal):
    """The AVX-512 VNNI Xeon that most goldens were measured on, whatever this CPU is: its flags (so TF's
    default oneDNN kernels, 16-lane vectors) and Intel's reciprocal estimate. On that Xeon it changes nothing."""
    from framework import onednn_policy
    xeon_flags = onednn_policy._cpu_flags() | {'avx512f', 'avx512bw', 'avx512dq', 'avx512vl', 'avx512_vnni'}
    monkeypatch.setattr(onednn_policy, '_cpu_flags', lambda: xeon_flags)
    monkeypatch.setattr(onednn_policy, '_ANSWERS', {})


@pytest.fixture
def epyc_cpu(monkeypatch):
    """The AMD EPYC (AVX2, no AVX-512) that a test's goldens were measured on, whatever this CPU is: TF's
    default leaves oneDNN off there, so its own Eigen kernels run (and oneDNN, where asked for, takes no
    16-bit floats). On that EPYC it changes nothing."""
    from framework import onednn_policy
    flags = onednn_policy._cpu_flags() - {'avx512f', 'avx512bw', 'avx512dq', 'avx512vl', 'avx512_vnni', 'avx512_bf16'}
    monkeypatch.setattr(onednn_policy, '_cpu_flags', lambda: flags)
    monkeypatch.setattr(onednn_policy, '_ANSWERS', {})
    monkeypatch.delenv('TF_ENABLE_ONEDNN_OPTS', raising=False)


@pytest.fixture
def numpy_operators_restored():
    """Tensor's plain operators and indexing back after the test: tnp.experimental_enable_numpy_behavior()
    replaces them with promoting (NumPy-style) ones for the rest of the process (a program cannot turn it
    off), and the tests that enable it clear only its switch, so every later test ran its operators through
    the wrappers."""
    from framework.numpy_operator_promotion import OPERATORS
    from framework.tensor import Tensor
    saved = {name: Tensor.__dict__[name] for name in OPERATORS + ('__getitem__',)}
    yield
    for name, method in saved.items():
        setattr(Tensor, name, method)


@pytest.fixture
def numpy_behavior(numpy_operators_restored):
    """tnp.experimental_enable_numpy_behavior() for one test, as a program turns it on; its switch, its
    prefer_float32 flag and Tensor's operators are as they were after it (once enabled, operators promote dtypes,
    and later test files expect TF's errors)."""
    from framework import tensor_numpy_methods
    import framework.experimental.numpy as tnp
    saved = list(tensor_numpy_methods.ENABLED)
    tnp.experimental_enable_numpy_behavior()
    yield
    tnp.experimental_enable_numpy_behavior(prefer_float32=False)
    tensor_numpy_methods.ENABLED[:] = saved


@pytest.fixture
def float64_floatx():
    """keras.backend.set_floatx('float64') for one test, as at the start of a fresh program (no layer
    has fixed the global dtype policy yet); float32 and an unfixed policy again after it, whatever happens."""
    from framework import keras
    from framework.keras.mixed_precision import reset_global_policy
    reset_global_policy()      # Keras 3 fixes the policy from floatx at the first layer, until clear_session
    keras.backend.set_floatx('float64')
    try:
        yield
    finally:
        keras.backend.set_floatx('float32')
        reset_global_policy()


@pytest.fixture
def deprecation_notices(caplog, monkeypatch):
    """caplog of the 'tensorflow' logger, with framework.deprecation's once-per-name memory emptied, so a
    test sees the deprecation notice a fresh program would log."""
    import logging
    from framework import deprecation
    monkeypatch.setattr(deprecation, '_warned', set())
    caplog.set_level(logging.WARNING, logger='tensorflow')
    return caplog


@pytest.fixture(autouse=True)
def _unfixed_dtype_policy_after_the_test():
    """Keras 3 fixes its global dtype policy from floatx() the first time a layer asks, until clear_session
    (framework/keras/mixed_precision.global_policy): a test that made a layer under set_floatx('float64') and
    set float32 back without clearing the session would leave every later test's layers float64."""
    yield
    from framework.keras import backend, mixed_precision
    policy = mixed_precision._state['policy']
    if policy is not None and policy.name != 'float32' and backend.floatx() == 'float32':
        mixed_precision.reset_global_policy()


@pytest.fixture(autouse=True)
def _intel_rsqrt_estimate(monkeypatch):
    """Intel's VRSQRTPS estimate under float32 rsqrt (LayerNormalization, BatchNormalization, l2_normalize,
    cosine similarity) in every test: the suite's goldens were measured on the Xeon; on the Zen 2 EPYC whose
    estimate tapeflow holds (framework/ops/zen2_rsqrt_estimate.py) TF's rsqrt has that CPU's bits, and a test
    of that table turns it back on itself (tests/test_metrics13_zen2_rsqrt.py)."""
    from framework.ops import zen2_rsqrt_estimate
    monkeypatch.setattr(zen2_rsqrt_estimate, 'applies', lambda: False)


@pytest.fixture(autouse=True)
def _piped_console(monkeypatch):
    """Captured output reads as through a pipe: a FORCE_COLOR or TTY_COMPATIBLE in the environment (some
    CI set one) would make summary() write a terminal's escapes, as Keras's rich console does
    (layers/summary_styles.py); tests that want them set FORCE_COLOR themselves."""
    monkeypatch.delenv('FORCE_COLOR', raising=False)
    monkeypatch.delenv('TTY_COMPATIBLE', raising=False)
