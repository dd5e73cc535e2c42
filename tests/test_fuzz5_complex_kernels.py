"""Complex tensors given to kernels that order values or compute real functions only: TensorFlow 2.21
raises its op registry's InvalidArgumentError (or NotFoundError where the registry allows the dtype but
no CPU kernel exists); numpy (tapeflow before) ordered complex numbers lexicographically or computed
erf / lgamma / elu of them silently (tf.maximum, tf.sort, tf.math.erf of complex64 returned values).
Texts printed by TF 2.21 (/opt/tfref, /work/notes/progs/fuzz5/p/c1..c7.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

C = np.array([[1 + 1j, 2, 3], [0.5, 1, 2]], np.complex64)
IMG = np.ones((1, 4, 4, 2), np.complex64)
VOLUME = np.ones((1, 4, 4, 4, 2), np.float64)

# call -> TensorFlow's kernel named in '{{node X}}' and '[Op:X]'
REFUSED = {
    'erf': (lambda: tf.math.erf(C), 'Erf'), 'erfc': (lambda: tf.math.erfc(C), 'Erfc'),
    'erfinv': (lambda: tf.math.erfinv(C), 'Erfinv'), 'erfcinv': (lambda: tf.math.erfcinv(C), 'Ndtri'),
    'ndtri': (lambda: tf.math.ndtri(C), 'Ndtri'), 'lgamma': (lambda: tf.math.lgamma(C), 'Lgamma'),
    'digamma': (lambda: tf.math.digamma(C), 'Digamma'), 'rint': (lambda: tf.math.rint(C), 'Rint'),
    'floor': (lambda: tf.math.floor(C), 'Floor'), 'ceil': (lambda: tf.math.ceil(C), 'Ceil'),
    'is_nan': (lambda: tf.math.is_nan(C), 'IsNan'), 'is_finite': (lambda: tf.math.is_finite(C), 'IsFinite'),
    'bessel_i0': (lambda: tf.math.bessel_i0(C), 'BesselI0'), 'bessel_i1': (lambda: tf.math.bessel_i1(C), 'BesselI1'),
    'bessel_i1e': (lambda: tf.math.bessel_i1e(C), 'BesselI1e'),
    'elu': (lambda: tf.nn.elu(C), 'Elu'), 'selu': (lambda: tf.nn.selu(C), 'Selu'),
    'softplus': (lambda: tf.nn.softplus(C), 'Softplus'), 'softsign': (lambda: tf.nn.softsign(C), 'Softsign'),
    'softmax': (lambda: tf.nn.softmax(C), 'Softmax'), 'log_softmax': (lambda: tf.nn.log_softmax(C), 'LogSoftmax'),
    'relu': (lambda: tf.nn.relu(C), 'Relu'), 'relu6': (lambda: tf.nn.relu6(C), 'Relu6'),
    'leaky_relu': (lambda: tf.nn.leaky_relu(C), 'LeakyRelu'), 'l2_loss': (lambda: tf.nn.l2_loss(C), 'L2Loss'),
    'global_norm': (lambda: tf.linalg.global_norm([C]), 'L2Loss'),
    'clip_by_global_norm': (lambda: tf.clip_by_global_norm([C], 1.0), 'L2Loss'),
    'maximum': (lambda: tf.maximum(C, C), 'Maximum'), 'minimum': (lambda: tf.minimum(C, 1.0), 'Minimum'),
    'greater': (lambda: tf.math.greater(tf.constant(C), 1.0), 'Greater'),
    'greater_equal': (lambda: tf.math.greater_equal(C, C), 'GreaterEqual'),
    'less': (lambda: tf.math.less(C, C), 'Less'), 'less_equal': (lambda: tf.math.less_equal(C, C), 'LessEqual'),
    'operator': (lambda: tf.constant(C) > 0.5, 'Greater'),
    'reduce_max': (lambda: tf.reduce_max(C), 'Max'), 'reduce_min': (lambda: tf.reduce_min(C), 'Min'),
    'reduce_logsumexp': (lambda: tf.reduce_logsumexp(C), 'Max'),
    'sort': (lambda: tf.sort(C), 'TopKV2'), 'argsort': (lambda: tf.argsort(C), 'TopKV2'),
    'top_k': (lambda: tf.math.top_k(C), 'TopKV2'),
    'clip_by_value': (lambda: tf.clip_by_value(C, 0.0, 1.0), 'Minimum'),
    'clip_by_norm': (lambda: tf.clip_by_norm(C, 1.0), 'Greater'),
    'floormod': (lambda: tf.math.floormod(C, C), 'FloorMod'),
    'truncatemod': (lambda: tf.truncatemod(C, C), 'TruncateMod'),
    'avg_pool2d': (lambda: tf.nn.avg_pool2d(IMG, 2, 2, 'VALID'), 'AvgPool'),
    'avg_pool1d': (lambda: tf.nn.avg_pool1d(IMG[0], 2, 2, 'VALID'), 'AvgPool'),
    'avg_pool3d': (lambda: tf.nn.avg_pool3d(VOLUME.astype(np.complex64), 2, 2, 'VALID'), 'AvgPool3D'),
    'max_pool1d': (lambda: tf.nn.max_pool1d(IMG[0], 2, 2, 'VALID'), 'MaxPool'),
    'pool': (lambda: tf.nn.pool(IMG, [2, 2], 'MAX', strides=[2, 2]), 'MaxPool'),
    'max_pool3d': (lambda: tf.nn.max_pool3d(VOLUME.astype(np.complex64), 2, 2, 'VALID'), 'MaxPool3D'),
    'keras_erf': (lambda: keras.ops.erf(C), 'Erf'), 'keras_logsumexp': (lambda: keras.ops.logsumexp(C), 'Max'),
    'keras_sort': (lambda: keras.ops.sort(C), 'TopKV2'), 'keras_maximum': (lambda: keras.ops.maximum(C, C), 'Maximum'),
}


@pytest.mark.parametrize('name', sorted(REFUSED))
def test_complex_tensors_meet_the_kernels_refusal(name):
    call, kernel = REFUSED[name]
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        call()
    text = str(err.value)
    assert "Value for attr 'T' of complex64 is not in the list of allowed values: " in text
    assert '{{node %s}}' % kernel in text and text.endswith('[Op:%s] name: ' % kernel)


def test_gelu_refuses_complex_in_python_first():
    with pytest.raises(ValueError, match=r"`features.dtype` must be a floating point tensor.Received:"
                                         r"features.dtype=<dtype: 'complex64'>"):
        tf.nn.gelu(C)


def test_max_pool3d_refuses_float64_as_its_kernel_does():
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        tf.nn.max_pool3d(VOLUME, 2, 2, 'VALID')
    assert str(err.value).endswith(
        "Value for attr 'T' of double is not in the list of allowed values: half, bfloat16, float\n\t; NodeDef: "
        "{{node MaxPool3D}}; Op<name=MaxPool3D; signature=input:T -> output:T; attr=ksize:list(int),min=5; "
        "attr=strides:list(int),min=5; attr=padding:string,allowed=[\"SAME\", \"VALID\"]; "
        "attr=data_format:string,default=\"NDHWC\",allowed=[\"NDHWC\", \"NCDHW\"]; "
        "attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT]> [Op:MaxPool3D] name: ")
    assert tf.nn.max_pool3d(VOLUME.astype(np.float32), 2, 2, 'VALID').shape == (1, 2, 2, 2, 2)


def test_the_texts_are_tensorflows_word_for_word():
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        tf.maximum(C, C)
    assert str(err.value) == (
        "Value for attr 'T' of complex64 is not in the list of allowed values: bfloat16, half, float, double, int8, "
        "uint8, int16, uint16, int32, uint32, int64, uint64\n\t; NodeDef: {{node Maximum}}; Op<name=Maximum; "
        "signature=x:T, y:T -> z:T; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT8, "
        "DT_UINT8, DT_INT16, DT_UINT16, DT_INT32, DT_UINT32, DT_INT64, DT_UINT64]> [Op:Maximum] name: ")
    assert any('maximum' in note for note in err.value.__notes__)
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        tf.nn.max_pool1d(IMG[0], 2, 2, 'VALID')
    assert str(err.value).endswith(
        "Value for attr 'T' of complex64 is not in the list of allowed values: half, bfloat16, float, double, int32, "
        "int64, uint8, int16, int8, uint16, qint8\n\t; NodeDef: {{node MaxPool}}; Op<name=MaxPool; signature=input:T "
        "-> output:T; attr=T:type,default=DT_FLOAT,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE, DT_INT32, "
        "DT_INT64, DT_UINT8, DT_INT16, DT_INT8, DT_UINT16, DT_QINT8]; attr=ksize:list(int),min=4; "
        "attr=strides:list(int),min=4; attr=padding:string,allowed=[\"SAME\", \"VALID\", \"EXPLICIT\"]; "
        "attr=explicit_paddings:list(int),default=[]; attr=data_format:string,default=\"NHWC\",allowed=[\"NHWC\", "
        "\"NCHW\", \"NCHW_VECT_C\"]> [Op:MaxPool] name: ")
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        tf.nn.relu(np.array([True]))
    assert str(err.value) == (
        "Value for attr 'T' of bool is not in the list of allowed values: float, double, int32, uint8, int16, int8, "
        "int64, bfloat16, uint16, half, uint32, uint64, qint8\n\t; NodeDef: {{node Relu}}; Op<name=Relu; "
        "signature=features:T -> activations:T; attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, "
        "DT_INT16, DT_INT8, DT_INT64, DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64, DT_QINT8]> "
        "[Op:Relu] name: ")


@pytest.mark.parametrize('call, kernel', [(lambda: tf.round(C), 'Round'), (lambda: tf.math.floordiv(C, C), 'FloorDiv'),
                                          (lambda: tf.constant(C) // tf.constant(C), 'FloorDiv'),
                                          (lambda: tf.truncatediv(C, C), 'TruncateDiv')])
def test_registered_dtypes_without_a_cpu_kernel_are_not_found(call, kernel):
    with pytest.raises(tf.errors.NotFoundError) as err:
        call()
    text = str(err.value)
    assert text.startswith('Could not find device for node: {{node %s}} = %s[T=DT_COMPLEX64]\nAll kernels '
                           'registered for op %s:\n  device=\'XLA_CPU_JIT\'; T in [' % (kernel, kernel, kernel))
    assert text.endswith("\n [Op:%s] name: " % kernel)


def test_round_lists_its_kernels_as_tensorflow():
    with pytest.raises(tf.errors.NotFoundError) as err:
        tf.round(C)
    assert str(err.value) == (
        "Could not find device for node: {{node Round}} = Round[T=DT_COMPLEX64]\nAll kernels registered for op Round:\n"
        "  device='XLA_CPU_JIT'; T in [DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT16, DT_INT8, DT_COMPLEX64, DT_INT64, "
        "DT_BFLOAT16, DT_COMPLEX128, DT_HALF]\n  device='CPU'; T in [DT_INT64]\n  device='CPU'; T in [DT_INT32]\n"
        "  device='CPU'; T in [DT_BFLOAT16]\n  device='CPU'; T in [DT_DOUBLE]\n  device='CPU'; T in [DT_FLOAT]\n"
        "  device='CPU'; T in [DT_HALF]\n [Op:Round] name: ")


# ---- what TensorFlow still computes for complex values -------------------------------------------
def test_complex_ops_tensorflow_computes_still_work():
    assert tf.math.sqrt(C).dtype == tf.complex64
    assert tf.abs(C).dtype == tf.float32
    assert tf.nn.silu(C).dtype == tf.complex64
    assert tf.math.equal(C, C).numpy().all()
    assert tf.reduce_sum(C).dtype == tf.complex64
    # tf.nn.max_pool2d converts a numpy complex array to float32 (TF warns and drops the imaginary part)
    assert tf.nn.max_pool2d(np.ones((1, 4, 4, 1), np.float32), 2, 2, 'VALID').shape == (1, 2, 2, 1)


def test_l2_normalize_of_complex_values_scales_by_the_modulus():
    # TF 2.21: tf.math.l2_normalize([[1+1j, 2-0.5j, 3]], axis=-1)
    # = [[0.25607374+0.25607374j, 0.5121475-0.12803687j, 0.76822126+0j]]
    got = tf.math.l2_normalize(np.array([[1 + 1j, 2 - 0.5j, 3]], np.complex64), axis=-1).numpy()
    np.testing.assert_allclose(got, [[0.25607374 + 0.25607374j, 0.5121475 - 0.12803687j, 0.76822126 + 0j]], rtol=2e-7)
    assert got.dtype == np.complex64


def test_matmul_adjoint_conjugates_complex_operands():
    m = np.array([[1 + 1j, 2 - 0.5j, 3], [0.5, 1 + 2j, 2]], np.complex64)
    np.testing.assert_allclose(tf.matmul(m, m, adjoint_b=True).numpy(), m @ m.conj().T)
    np.testing.assert_allclose(tf.matmul(m, m, adjoint_a=True).numpy(), m.conj().T @ m)
    real = np.arange(6, dtype=np.float32).reshape(2, 3)
    np.testing.assert_array_equal(tf.matmul(real, real, adjoint_b=True).numpy(), real @ real.T)


def test_keras_nan_reductions_and_corrcoef_of_complex_values_as_keras():
    c = np.array([[1 + 1j, 2 - 0.5j, 3], [0.5, 1 + 2j, np.nan]], np.complex64)
    # Keras 3 on TF 2.21: nansum drops the NaN (found on the real part), nanprod keeps it, nanmean is the
    # float32 mean of the real parts (NaN here)
    assert complex(keras.ops.nansum(c).numpy()) == 7.5 + 2.5j
    got = keras.ops.nanprod(c, axis=1).numpy()
    assert got[0] == 7.5 + 4.5j and np.isnan(got[1].real)
    mean = keras.ops.nanmean(c)
    assert mean.dtype == tf.float32 and np.isnan(mean.numpy())
    m = np.array([[1 + 1j, 2 - 0.5j, 3], [0.5, 1 + 2j, 2]], np.complex64)
    # keras.ops.corrcoef(m) = [[1, 0.04784-0.16743j], [0.04784+0.16743j, 1]]
    np.testing.assert_allclose(keras.ops.corrcoef(m).numpy(), [[1, 0.04784 - 0.16743j], [0.04784 + 0.16743j, 1]],
                               atol=1e-5)


def test_keras_shrinks_of_numpy_complex_arrays_compare_as_numpy():
    # Keras 3 compares x > threshold before converting it: numpy orders complex values (TF 2.21 gives these)
    m = np.array([[1 + 1j, 2 - 0.5j, 3], [0.5, 1 + 2j, 2]], np.complex64)
    np.testing.assert_allclose(keras.ops.soft_shrink(m).numpy(), [[0.5 + 1j, 1.5 - 0.5j, 2.5], [0, 0.5 + 2j, 1.5]])
    assert keras.ops.sparse_plus(m * 0.3).dtype == tf.complex64
