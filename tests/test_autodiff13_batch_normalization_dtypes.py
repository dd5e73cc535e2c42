"""tf.nn.batch_normalization as TF 2.21 composes it: inv = rsqrt(variance + epsilon) (times scale) in the
statistics' own dtype (a Python number is float32 alone, or takes its tensor operand's dtype), then
x * cast(inv, x.dtype) + cast(offset - mean * inv, x.dtype). tapeflow converted every statistic to x's dtype
first: float64 x with Python-float statistics computed inv in double (TF: float32), float16 x with float32
statistics rounded them to half first, and statistics of mixed dtypes ran where TF raises. Bits printed by
TF 2.21 (/opt/tfref) for /work/notes/progs/autodiff13/x_bn.py.
"""
import numpy as np
import pytest

import framework as tf

X64 = tf.constant(np.linspace(-1, 1.3, 8).reshape(2, 4))
M32, V32 = [0.1, 0.2, -0.3, 0.4], [1.5, 0.7, 2.2, 0.9]
CASES = {
    'py_all64': lambda: tf.nn.batch_normalization(X64, 0.3, 1.7, None, None, 1e-3),
    'py_all32': lambda: tf.nn.batch_normalization(tf.cast(X64, tf.float32), 0.3, 1.7, 0.2, 1.1, 1e-3),
    'py_mean_t_var': lambda: tf.nn.batch_normalization(X64, 0.5, tf.constant(V32, tf.float64), 0.25, 2.0, 1e-3),
    'f16_x_f32_stats': lambda: tf.nn.batch_normalization(tf.cast(X64, tf.float16), tf.constant(M32), tf.constant(V32),
                                                         tf.constant(M32) * 2.0, tf.constant(V32), 1e-3),
    'f32_stats_64x': lambda: tf.nn.batch_normalization(X64, tf.constant(M32), tf.constant(V32), None, None, 1e-3),
    'np_stats': lambda: tf.nn.batch_normalization(tf.cast(X64, tf.float32), np.array(M32), np.array(V32), None, None,
                                                  1e-3),
    'int_stats': lambda: tf.nn.batch_normalization(tf.cast(X64, tf.float32), 0, 1, None, None, 1e-3),
}
TF_BITS = {
    'py_all64': ('float64', (
        'bfefe57838000000 bfe7d5ab6c924925 bfdf8bbd42492492 bfced84756db6db5 '
        '3f866ebd6db6db70 3fd0d30f82492491 3fe079548c924925 3fe8892158000000')),
    'py_all32': ('float32', (
        'bf657cef bf1e8b7e beaf341c bd8544e8 3e59234f 3efa748a 3f442bb6 3f858e93')),
    'py_mean_t_var': ('float64', (
        'c00196e2367bbf22 c00462d1dd3dac90 bfec5c293bb0792b bfeaace9f15b3247 '
        'bfab38fb9755c380 3fe2eb8597a134f4 3fec564273d384dc 3ffef8442d7fd1c6')),
    'f16_x_f32_stats': ('float16', (
        'bc97 b540 b94f 3684 3766 3a2a 3d23 3e9d')),
    'f32_stats_64x': ('float64', (
        'bfecbb2990000000 bff0a72bcfc57c58 bf9d94bd2be2be30 bfdbeed8f8af8af8 '
        '3fc6634b9b6db6dc 3fe0ed0f22492492 3feb6c8ff3e2be2d 3fee574cb3333334')),
    'np_stats': ('float32', (
        'bf65d94e bf85395e bceca5f8 bedf76c7 3e331a5e 3f076878 3f5b647f 3f72ba66')),
    'int_stats': ('float32', (
        'bf7fdf42 bf2bccc2 beaf7485 bc69f0b1 3ea0d57a 3f247d3d 3f788fbc 3fa6511e')),
}


def _bits(a):
    a = np.asarray(a)
    width = {8: ('%016x', np.uint64), 4: ('%08x', np.uint32), 2: ('%04x', np.uint16)}[a.dtype.itemsize]
    return ' '.join(width[0] % v for v in a.reshape(-1).view(width[1]))


@pytest.mark.parametrize('name', sorted(CASES))
def test_values_and_dtypes_are_tensorflows(name):
    y = CASES[name]()
    assert (y.dtype.name, _bits(y.numpy())) == TF_BITS[name]


def test_statistics_of_mixed_dtypes_and_list_statistics_raise_as_in_tensorflow():
    with pytest.raises(tf.errors.InvalidArgumentError, match='cannot compute Mul as input #1'):
        tf.nn.batch_normalization(X64, tf.reduce_mean(X64, 0), 2.0, None, None, 1e-3)
    with pytest.raises(TypeError, match='can only concatenate list'):
        tf.nn.batch_normalization(tf.cast(X64, tf.float32), M32, V32, None, None, 1e-3)
