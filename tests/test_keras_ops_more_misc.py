"""keras.ops function transformations (jvp, vectorize, associative_scan, rearrange), segment
minima and products, lu_factor and the complex views (ops_functional, ops_segments,
ops_decompositions, ops_complex).

Golden values: every GOLDEN row was computed by evaluating its expression with
Keras 3.15 (TensorFlow backend, /opt/tfref) on the inputs below and printing
the values and ``keras.ops.dtype``; float32 values are written in their
shortest float32 repr. A tuple of values is a tuple of results. Keras's
TensorFlow backend has no vectorize; its rows check numpy.vectorize's results.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.gradient_check import check_gradients
from helpers_keras_ops import check_keras_result, golden

ops = keras.ops

X = np.array([[0.5, -1.5, 2.0], [3.0, 0.25, -0.75]], np.float32)
I = np.array([[1, -2, 3], [4, 0, -6]], np.int32)  # noqa: E741
V = np.array([0.2, 0.7, 0.1], np.float32)
P = np.array([[0.2, 0.3, 0.5], [0.6, 0.3, 0.1]], np.float32)
M = np.array([[2.0, 1.0], [1.0, 3.0]], np.float32)
T = np.arange(24, dtype=np.float32).reshape(2, 3, 4) / 10

# (expression, Keras 3.15's value, Keras 3.15's dtype)
GOLDEN = [
    ("ops.rearrange(T, 'b h w -> b w h')", [[[0.0, 0.4, 0.8], [0.1, 0.5, 0.9], [0.2, 0.6, 1.0], [0.3, 0.7, 1.1]], [[1.2, 1.6, 2.0], [1.3, 1.7, 2.1], [1.4, 1.8, 2.2], [1.5, 1.9, 2.3]]], 'float32'),
    ("ops.rearrange(T, 'b h w -> (b h) w')", [[0.0, 0.1, 0.2, 0.3], [0.4, 0.5, 0.6, 0.7], [0.8, 0.9, 1.0, 1.1], [1.2, 1.3, 1.4, 1.5], [1.6, 1.7, 1.8, 1.9], [2.0, 2.1, 2.2, 2.3]], 'float32'),
    ("ops.rearrange(T, 'b h w -> h (b w)')", [[0.0, 0.1, 0.2, 0.3, 1.2, 1.3, 1.4, 1.5], [0.4, 0.5, 0.6, 0.7, 1.6, 1.7, 1.8, 1.9], [0.8, 0.9, 1.0, 1.1, 2.0, 2.1, 2.2, 2.3]], 'float32'),
    ("ops.rearrange(T, 'b (h1 h) w -> (b h1) h w', h1=3)", [[[0.0, 0.1, 0.2, 0.3]], [[0.4, 0.5, 0.6, 0.7]], [[0.8, 0.9, 1.0, 1.1]], [[1.2, 1.3, 1.4, 1.5]], [[1.6, 1.7, 1.8, 1.9]], [[2.0, 2.1, 2.2, 2.3]]], 'float32'),
    ("ops.rearrange(T, 'b h (w w1) -> b (h w1) w', w1=2)", [[[0.0, 0.2], [0.1, 0.3], [0.4, 0.6], [0.5, 0.7], [0.8, 1.0], [0.9, 1.1]], [[1.2, 1.4], [1.3, 1.5], [1.6, 1.8], [1.7, 1.9], [2.0, 2.2], [2.1, 2.3]]], 'float32'),
    ('ops.associative_scan(lambda a, b: a + b, V)', [0.2, 0.9, 1.0], 'float32'),
    ('ops.associative_scan(lambda a, b: a * b, X, axis=1)', [[0.5, -0.75, -1.5], [3.0, 0.75, -0.5625]], 'float32'),
    ('ops.associative_scan(lambda a, b: a + b, X, reverse=True)', [[3.5, -1.25, 1.25], [3.0, 0.25, -0.75]], 'float32'),
    ('ops.associative_scan(lambda a, b: ops.maximum(a, b), T, axis=2)', [[[0.0, 0.1, 0.2, 0.3], [0.4, 0.5, 0.6, 0.7], [0.8, 0.9, 1.0, 1.1]], [[1.2, 1.3, 1.4, 1.5], [1.6, 1.7, 1.8, 1.9], [2.0, 2.1, 2.2, 2.3]]], 'float32'),
    ('ops.jvp(lambda x: ops.sin(x) * x, (ops.convert_to_tensor(X),), (ops.convert_to_tensor(P),))', ([[0.23971277, 1.4962425, 1.8185948], [0.42336, 0.06185099, 0.5112291]], [[0.18364337, -0.33108026, 0.03850186], [-1.6973145, 0.14688963, -0.12304054]],), ('float32', 'float32',)),
    ('ops.jvp(lambda x, y: ops.matmul(x, y), (ops.convert_to_tensor(X), ops.convert_to_tensor(P.T)), (ops.convert_to_tensor(P), ops.convert_to_tensor(X.T)))', ([[0.65, 0.049999997], [0.3, 1.8000001]], [[6.88, -0.11499998], [-0.11499998, 10.085]],), ('float32', 'float32',)),
    ('ops.jvp(lambda x: (ops.exp(x), ops.sum(x)), (ops.convert_to_tensor(V),), (ops.convert_to_tensor(V * 2),), has_aux=True)', ([1.2214028, 2.0137527, 1.105171], [0.48856112, 2.8192537, 0.2210342], 1.0,), ('float32', 'float32', 'float32',)),
    ('ops.segment_min(X, np.array([0, 0]))', [[0.5, -1.5, -0.75]], 'float32'),
    ('ops.segment_min(X, np.array([1, 0]), num_segments=3)', [[3.0, 0.25, -0.75], [0.5, -1.5, 2.0], [3.4028235e+38, 3.4028235e+38, 3.4028235e+38]], 'float32'),
    ('ops.segment_prod(X, np.array([0, 0]))', [[1.5, -0.375, -1.5]], 'float32'),
    ('ops.segment_prod(V, np.array([0, 2, 0]))', [0.020000001, 1.0, 0.7], 'float32'),
    ('ops.segment_prod(I, np.array([1, 1]), num_segments=2)', [[1, 1, 1], [4, 0, -18]], 'int32'),
    ('ops.segment_min(I, np.array([1, 1]), num_segments=3)', [[2147483647, 2147483647, 2147483647], [1, -2, -6], [2147483647, 2147483647, 2147483647]], 'int32'),
    ('ops.segment_min(V, np.array([0, 1, 1]), sorted=True)', [0.2, 0.1], 'float32'),
    ('ops.lu_factor(M)', ([[2.0, 1.0], [0.5, 2.5]], [0, 1],), ('float32', 'int32',)),
    ('ops.lu_factor(np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 10.0]], np.float32))', ([[7.0, 8.0, 10.0], [0.14285715, 0.8571428, 1.5714285], [0.5714286, 0.4999998, -0.49999982]], [1, 2, 0],), ('float32', 'int32',)),
    ('ops.lu_factor(np.array([[0.5, 2.0, 3.0], [1.0, 5.0, 6.0], [2.0, 1.0, 1.0]], np.float32))', ([[2.0, 1.0, 1.0], [0.5, 4.5, 5.5], [0.25, 0.3888889, 0.61111116]], [2, 1, 0],), ('float32', 'int32',)),
    ('ops.real(ops.polar(V, P[0]))', [0.19601332, 0.66873556, 0.08775826], 'float32'),
    ('ops.imag(ops.polar(V, P[0]))', [0.039733868, 0.20686415, 0.047942556], 'float32'),
    ('ops.view_as_real(ops.polar(V, P[0]))', [[0.19601332, 0.039733868], [0.66873556, 0.20686415], [0.08775826, 0.047942556]], 'float32'),
    ('ops.real(ops.view_as_complex(X.reshape(3, 2)))', [0.5, 2.0, 0.25], 'float32'),
    ('ops.imag(ops.view_as_complex(X.reshape(3, 2)))', [-1.5, 3.0, -0.75], 'float32'),
]


@golden(GOLDEN)
def test_values_and_dtypes_match_keras3(expression, expected, dtype):
    check_keras_result(eval(expression), expected, dtype, atol=2e-6)


def test_vectorize_matches_numpy_vectorize():
    elementwise = ops.vectorize(lambda a, b: a * b + 1)
    np.testing.assert_allclose(elementwise(X, V), np.vectorize(lambda a, b: a * b + 1)(X, V), rtol=1e-6)
    rows = ops.vectorize(lambda a, b: ops.sum(a * b), signature='(n),(n)->()')
    np.testing.assert_allclose(rows(X, V), np.vectorize(lambda a, b: np.sum(a * b), signature='(n),(n)->()')(X, V),
                               rtol=1e-6)
    scaled = ops.vectorize(lambda a, k: a * k, excluded={1})
    np.testing.assert_allclose(scaled(V, 3.0), V * 3.0, rtol=1e-6)


def test_complex_views_carry_gradients_as_in_keras3():
    # Keras 3 composes tf.complex / real / imag / stack, so TF 2.21 differentiates them:
    # d/dx sum(view_as_real(polar(x, V))) = cos(V) + sin(V) (checked there: [1.178736 1.4090599 1.0948375])
    x = tf.Variable(V)
    with tf.GradientTape() as tape:
        z = ops.polar(x, V)
        y = ops.sum(ops.view_as_real(z))
    np.testing.assert_allclose(tape.gradient(y, x).numpy(), [1.178736, 1.4090599, 1.0948375], rtol=1e-6)


# ---- gradients: the tape against central differences, in float64 ----------------------------
A = np.array([[0.3, -1.2, 0.8], [1.1, 0.4, -0.6]])
C = np.array([0.5, 0.2, 0.9])


def _jvp_by_tape(a, c):
    # J t of f(a) = sin(a) * a along t = c: equals the directional derivative, checked twice over.
    return ops.jvp(lambda x: ops.sin(x) * ops.sum(x), (a,), (ops.broadcast_to(c, (2, 3)),))[1]


GRADIENT_CASES = {
    'jvp': (_jvp_by_tape, [A, C]),
    'rearrange': (lambda a: ops.rearrange(a, 'h (w w1) -> (h w1) w', w1=1) * ops.transpose(ops.rearrange(a, 'h w -> w h')), [A]),
    'associative_scan': (lambda a: ops.associative_scan(lambda x, y: x * y + y, a, axis=1)
                         + ops.associative_scan(lambda x, y: x + y, a, reverse=True), [A]),
    'vectorize': (lambda a, c: ops.vectorize(lambda x, y: ops.sum(x * y * x), signature='(n),(n)->()')(a, c), [A, C]),
    'segments': (lambda a, c: ops.segment_min(a, np.array([0, 0])) + ops.segment_prod(a, np.array([0, 0]))
                 + ops.segment_prod(c, np.array([1, 0, 1]))[:1], [A, C]),
}


@pytest.mark.parametrize('name', sorted(GRADIENT_CASES))
def test_gradients_match_central_differences(name):
    fn, inputs = GRADIENT_CASES[name]
    check_gradients(fn, inputs)


def test_jvp_equals_the_directional_derivative():
    a, t = A, np.ones_like(A) * 0.5
    f = lambda x: ops.sin(x) * ops.sum(x)  # noqa: E731
    _, tangent = ops.jvp(f, (a,), (t,))
    eps = 1e-6
    numeric = (np.asarray(f(a + eps * t)) - np.asarray(f(a - eps * t))) / (2 * eps)
    np.testing.assert_allclose(np.asarray(tangent), numeric, rtol=1e-6, atol=1e-8)


# ---- bad input: the error names the op and says what is wrong ----------------------------------
@pytest.mark.parametrize('call, message', [
    (lambda: ops.jvp(None, (X,), (X,)), 'keras.ops.jvp: fun must be callable'),
    (lambda: ops.jvp(ops.sin, X, X), 'keras.ops.jvp: primals and tangents must be tuples'),
    (lambda: ops.jvp(ops.sin, (X,), (V,)), 'keras.ops.jvp: tangents must match primals'),
    (lambda: ops.vectorize(3), 'keras.ops.vectorize: pyfunc must be callable'),
    (lambda: ops.vectorize(ops.sum, signature='n->')(X), "keras.ops.vectorize: signature must look like"),
    (lambda: ops.vectorize(ops.sum, signature='(n),(n)->()')(X), 'keras.ops.vectorize: the signature'),
    (lambda: ops.associative_scan(lambda a, b: a + b, [X, V]), 'keras.ops.associative_scan: every tensor'),
    (lambda: ops.associative_scan(None, X), 'keras.ops.associative_scan: f must be callable'),
    (lambda: ops.rearrange(T, 'b h w'), "keras.ops.rearrange: pattern must be 'input axes -> output axes'"),
    (lambda: ops.rearrange(T, 'b h -> h b'), 'keras.ops.rearrange: the pattern .* names 2 input axes'),
    (lambda: ops.rearrange(T, 'b (h1 h) w -> b h w'), 'keras.ops.rearrange: give the lengths of all but one'),
    (lambda: ops.rearrange(T, 'b (h1 h) w -> b h h1 w', h1=2), 'do not multiply to 3'),
    (lambda: ops.rearrange(T, 'b h w -> b h'), 'keras.ops.rearrange: the output axes'),
    # Keras 3's own check, then TensorFlow's kernel (fuzz6/p/k1.py)
    (lambda: ops.segment_min(X, np.array([0, 1, 1])), r'Argument `segment_ids` and `data` should have same leading '
                                                      r'dimension. Got \(3,\) v.s. \(2, 3\).'),
    (lambda: ops.segment_prod(X, np.array([0.0, 1.0])), 'unsorted_segment_prod: segment_ids must be integers'),
    (lambda: ops.lu_factor(X), 'keras.ops.lu_factor: expected square matrices'),
    (lambda: ops.view_as_complex(X), 'keras.ops.view_as_complex: the last axis must have length 2'),
])
def test_bad_input_raises_a_clear_error(call, message):
    with pytest.raises((TypeError, ValueError), match=message):
        call()


def test_namespaces_group_the_functions_as_keras3():
    # keras.ops.numpy / .nn / .linalg / .image hold the same functions as the top level.
    assert ops.numpy.quantile is ops.quantile and ops.numpy.vectorize is ops.vectorize
    assert ops.nn.depthwise_conv is ops.depthwise_conv and ops.nn.relu is ops.relu and ops.nn.polar is ops.polar
    assert ops.linalg.svd is ops.svd and ops.linalg.norm is ops.norm and ops.linalg.solve is ops.solve
    assert not hasattr(ops, 'resize') and ops.image.resize.__name__ == 'resize'
    with pytest.raises(ValueError, match='keras.ops.svd'):
        ops.linalg.svd(V)
