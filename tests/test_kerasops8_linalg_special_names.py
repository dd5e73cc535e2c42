"""tf.linalg.det / logdet, tf.math.special's functions and tf.sparse.to_dense(tf.sparse.from_dense(x)) print, inside a
tf.function, TF 2.21's graph tensors: 'MatrixDeterminant' (the batch lengths), 'logdet/mul', each special function's
op inside its own scope ('bessel_i0e/BesselI0e', 'bessel_i0e_1/BesselI0e', a given name the scope 'bb/BesselI0e'),
and SparseToDense as long as x's traced lengths, a 'zeros' (its default value) made first. tapeflow printed the
eager values (of its stand-in length 1), and SparseToDense (1,) for x (None,), 'zeros' after it where TF has
'zeros_1'. Texts: TF 2.21's (notes/progs/kerasops8/lin.py, spec.py, sp.py and their _tf.out)."""
import pytest

import framework as tf


def _texts(fn, shape, dtype='float32'):
    texts = []

    @tf.function(input_signature=[tf.TensorSpec(shape, dtype)])
    def f(x):
        texts.extend(str(t) for t in tf.nest.flatten(fn(x)))
        return x
    f.get_concrete_function()
    return texts


@pytest.mark.parametrize('shape, result_shape', [
    ((None, 3, 3), '(None,)'), ((3, 3), '()'), ((2, 3, 3), '(2,)'), ((None, None), '()')])
def test_det_is_matrix_determinant(shape, result_shape):
    assert _texts(tf.linalg.det, shape) == [
        'Tensor("MatrixDeterminant:0", shape=%s, dtype=float32)' % result_shape]


def test_det_named_and_in_float64():
    assert _texts(lambda x: (tf.linalg.det(x, name='dd'), tf.linalg.det(x)), (3, 3), 'float64') == [
        'Tensor("dd:0", shape=(), dtype=float64)', 'Tensor("MatrixDeterminant:0", shape=(), dtype=float64)']


def test_logdet_ends_in_its_scope():
    assert _texts(lambda x: tf.linalg.logdet(x), (None, 3, 3)) == [
        'Tensor("logdet/mul:0", shape=(None,), dtype=float32)']


@pytest.mark.parametrize('function, op', [
    ('bessel_i0', 'BesselI0'), ('bessel_i0e', 'BesselI0e'), ('bessel_i1', 'BesselI1'), ('bessel_i1e', 'BesselI1e'),
    ('bessel_j0', 'BesselJ0'), ('bessel_j1', 'BesselJ1'), ('bessel_k0', 'BesselK0'), ('bessel_k0e', 'BesselK0e'),
    ('bessel_k1', 'BesselK1'), ('bessel_k1e', 'BesselK1e'), ('bessel_y0', 'BesselY0'), ('bessel_y1', 'BesselY1'),
    ('dawsn', 'Dawsn'), ('expint', 'Expint'), ('fresnel_cos', 'FresnelCos'), ('fresnel_sin', 'FresnelSin'),
    ('spence', 'Spence')])
def test_special_function_op_in_its_scope(function, op):
    fn = getattr(tf.math.special, function)
    texts = _texts(lambda x: (fn(x), fn(x, name='bb'), fn(x), x + x), (None, 4))
    assert texts == ['Tensor("%s/%s:0", shape=(None, 4), dtype=float32)' % (scope, op)
                     for scope in (function, 'bb', function + '_1')] + [
        'Tensor("add:0", shape=(None, 4), dtype=float32)']


@pytest.mark.parametrize('fn, dtype', [(tf.math.bessel_i0e, 'float64'), (tf.math.bessel_i1, 'float16')])
def test_tf_math_bessel_names(fn, dtype):
    name = fn.__name__
    op = {'bessel_i0e': 'BesselI0e', 'bessel_i1': 'BesselI1'}[name]
    assert _texts(fn, (None, 4), dtype) == ['Tensor("%s/%s:0", shape=(None, 4), dtype=%s)' % (name, op, dtype)]


@pytest.mark.parametrize('shape, kwargs, names', [
    ((None,), {}, ('SparseToDense', 'zeros_1')),
    ((None, 4), {}, ('SparseToDense', 'zeros_1')),
    ((3, 4), {}, ('SparseToDense', 'zeros_1')),
    ((None, 4), {'name': 'dd'}, ('dd', 'zeros_1')),
    ((None, 4), {'default_value': 1.}, ('SparseToDense', 'zeros')),     # (no zeros made for its default)
])
def test_sparse_round_trip_keeps_the_traced_lengths(shape, kwargs, names):
    texts = _texts(lambda x: (tf.sparse.to_dense(tf.sparse.from_dense(x), **kwargs), tf.zeros((2,))), shape)
    assert texts == ['Tensor("%s:0", shape=%s, dtype=float32)' % (names[0], shape),
                     'Tensor("%s:0", shape=(2,), dtype=float32)' % names[1]]


@pytest.mark.parametrize('shape, dtype, result_shape', [
    ((None, 3, 3), 'float32', '(None,)'), ((3, 3), 'float64', '()'), ((None, None), 'float32', '()')])
def test_slogdet_is_log_matrix_determinant(shape, dtype, result_shape):
    # TF 2.21: LogMatrixDeterminant(sign=<tf.Tensor 'LogMatrixDeterminant:0' ...>, log_abs_determinant=<... ':1' ...>)
    texts = _texts(lambda x: (tf.linalg.slogdet(x, name='ss'), tf.linalg.slogdet(x)), shape, dtype)
    assert texts == ['Tensor("%s:%d", shape=%s, dtype=%s)' % (name, i, result_shape, dtype)
                     for name in ('ss', 'LogMatrixDeterminant') for i in (0, 1)]
