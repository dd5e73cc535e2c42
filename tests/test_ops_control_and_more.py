"""Control flow, mapping, segments, scatter, counting, special math and matrix ops.

Gradients: every differentiable op here is checked against float64 central
differences (``GRADIENT_CASES``); tests/test_op_gradients.py counts the names
in ``COVERED_HERE`` as covered. ``SWEEP_CALLS`` gives the bad-input sweep
(tests/test_bad_input_sweep.py) a good call of each op.

Golden values were printed by TensorFlow 2.21 (/opt/tfref/bin/python, e.g.
``tf.math.segment_max([[1.,2],[3,4],[5,6]], [0,0,2])``) and copied here as literals.
"""
import zlib

import numpy as np
import pytest

import framework as tf
from framework.gradient_check import check_gradients

# These tests read the NoneGradientWarning explanations, off by default (TensorFlow is silent there)
pytestmark = pytest.mark.usefixtures('explained_nones')


def _flat(parts):
    return tf.concat([tf.reshape(p, [-1]) for p in parts], 0)


def _while_power(x):
    # v <- v * x three times from v = x: x**4, through a Python loop on the tape.
    return tf.while_loop(lambda i, v: i < 3, lambda i, v: (i + 1, v * x), [0, x])[1]


def _tensor_array_squares(x):
    ta = tf.TensorArray(tf.float64, size=0, dynamic_size=True)
    for i in range(x.shape[0]):
        ta = ta.write(i, x[i] * x[i] * (i + 1.0))
    return ta.stack()


SPD = [[2.0, 0.5, 0.1], [0.3, 1.5, -0.2], [0.1, 0.4, 1.8]]
ROWS = np.array([[0.3, -1.2], [2.1, 0.7], [-0.4, 1.9], [1.1, -0.8]])

# (name, fn, input shapes or arrays, domain) -- domain 'positive' draws from [0.5, 2).
GRADIENT_CASES = [
    ('cond', lambda x: tf.cond(tf.reduce_sum(x) > -100.0, lambda: x * x, lambda: x), [(2, 3)], 'real'),
    ('cond', lambda x: tf.cond(False, lambda: x * x, lambda: tf.sin(x)), [(3,)], 'real'),
    ('case', lambda x: tf.case([(tf.constant(False), lambda: x), (tf.constant(True), lambda: tf.sin(x))]),
     [(3,)], 'real'),
    ('switch_case', lambda x: tf.switch_case(tf.constant(1), [lambda: x, lambda: x ** 3]), [(3,)], 'real'),
    ('while_loop', _while_power, [(3,)], 'real'),
    ('map_fn', lambda x: tf.map_fn(lambda r: tf.reduce_sum(r * r) * r, x), [(3, 2)], 'real'),
    ('map_fn', lambda a, b: tf.map_fn(lambda p: p[0] * p[1], (a, b), fn_output_signature=tf.float64),
     [(3,), (3,)], 'real'),
    ('vectorized_map', lambda x: tf.vectorized_map(lambda r: tf.exp(r) * r[0], x), [(2, 3)], 'real'),
    ('py_function', lambda x: tf.py_function(lambda a: a * a * 3.0, [x], tf.float64), [(2, 2)], 'real'),
    ('TensorArray', _tensor_array_squares, [(3,)], 'real'),
    ('roll', lambda x: tf.roll(x, [1, -1], [0, 1]), [(2, 3)], 'real'),
    ('roll', lambda x: tf.roll(x, [1, 1], [1, 1]), [(2, 3)], 'real'),
    ('segment_sum', lambda x: tf.math.segment_sum(x, [0, 0, 2, 2]), [(4, 2)], 'real'),
    ('segment_mean', lambda x: tf.math.segment_mean(x, [0, 1, 1, 3]), [(4, 2)], 'real'),
    ('segment_max', lambda x: tf.math.segment_max(x, [0, 0, 2, 2]), [ROWS], 'real'),
    ('segment_min', lambda x: tf.math.segment_min(x, [0, 0, 0, 1]), [ROWS], 'real'),
    ('unsorted_segment_sum', lambda x: tf.math.unsorted_segment_sum(x, [2, -1, 0, 2], 3), [(4, 2)], 'real'),
    ('unsorted_segment_sum', lambda x: tf.math.unsorted_segment_sum(x, [[0, 1], [1, 0]], 2), [(2, 2, 3)], 'real'),
    ('unsorted_segment_mean', lambda x: tf.math.unsorted_segment_mean(x, [1, 1, -1, 0], 3), [(4, 2)], 'real'),
    ('unsorted_segment_max', lambda x: tf.math.unsorted_segment_max(x, [1, 0, 1, 1], 2), [ROWS], 'real'),
    ('unsorted_segment_min', lambda x: tf.math.unsorted_segment_min(x, [1, 0, -1, 1], 2), [ROWS], 'real'),
    ('scatter_nd', lambda u: tf.scatter_nd([[1], [3], [1]], u, [5, 2]), [(3, 2)], 'real'),
    ('tensor_scatter_nd_update', lambda t, u: tf.tensor_scatter_nd_update(t, [[0, 1], [2, 0]], u),
     [(3, 2), (2,)], 'real'),
    ('tensor_scatter_nd_add', lambda t, u: tf.tensor_scatter_nd_add(t, [[1], [1]], u), [(3, 2), (2, 2)], 'real'),
    ('tensor_scatter_nd_sub', lambda t, u: tf.tensor_scatter_nd_sub(t, [[2]], u), [(3, 2), (1, 2)], 'real'),
    ('tensor_scatter_nd_max', lambda t, u: tf.tensor_scatter_nd_max(t, [[0, 1], [2, 0], [0, 1]], u),
     [(3, 2), (3,)], 'real'),
    ('tensor_scatter_nd_min', lambda t, u: tf.tensor_scatter_nd_min(t, [[1], [1]], u), [(3, 2), (2, 2)], 'real'),
    ('embedding_lookup', lambda p: tf.nn.embedding_lookup(p, [[2, 0], [2, 2]]), [(3, 2)], 'real'),
    ('embedding_lookup', lambda p: tf.nn.embedding_lookup(p * 3.0, [1, 0], max_norm=1.0), [(2, 3)], 'real'),
    ('embedding_lookup', lambda a, b: tf.nn.embedding_lookup([a, b], [2, 0]), [(2, 2), (1, 2)], 'real'),
    ('log_sigmoid', tf.math.log_sigmoid, [(2, 3)], 'real'),
    ('atan2', tf.math.atan2, [(2, 3), (1, 3)], 'real'),
    ('lgamma', tf.math.lgamma, [(2, 3)], 'positive'),
    ('digamma', tf.math.digamma, [(2, 3)], 'positive'),
    # (a Python 0.5 would be float32 beside float64 points: TF's AddV2 refuses that pair)
    ('polyval', lambda a, b, x: tf.math.polyval([a, b, tf.cast(0.5, x.dtype)], x), [(), (3,), (3,)], 'real'),
    ('inv', tf.linalg.inv, [SPD], 'real'),
    ('inv', lambda a: tf.linalg.inv(a, adjoint=True), [np.array([SPD, np.eye(3) * 2 + 0.1])], 'real'),
    ('det', tf.linalg.det, [np.array([SPD, np.eye(3) + 0.3])], 'real'),
    ('slogdet', lambda a: tf.linalg.slogdet(a).log_abs_determinant, [[[0.5, 2.0], [1.5, -0.7]]], 'real'),
    ('conv1d', lambda x, f: tf.nn.conv1d(x, f, 1, 'SAME'), [(1, 5, 2), (3, 2, 2)], 'real'),
    # (TF 2.21 has no float64 NCW conv1d on the CPU: its own Conv2D kernel refuses the layout)
    ('conv1d', lambda x, f: tf.nn.conv1d(x, f, 2, 'VALID'), [(1, 5, 2), (2, 2, 3)], 'real'),
]

NON_DIFFERENTIABLE_HERE = {'sequence_mask', 'searchsorted', 'unique', 'count_nonzero', 'bincount',
                           'confusion_matrix', 'in_top_k', 'histogram_fixed_width', 'numpy_function'}
COVERED_HERE = ({c[0] for c in GRADIENT_CASES} | NON_DIFFERENTIABLE_HERE) - {'TensorArray'}  # ops only


def _case_id(case, counter={}):
    counter[case[0]] = counter.get(case[0], 0) + 1
    return '%s-%d' % (case[0], counter[case[0]])


def _arrays(case_id, inputs, domain):
    rng = np.random.default_rng(zlib.crc32(case_id.encode()))
    return [np.asarray(x, np.float64) if isinstance(x, (list, np.ndarray)) else
            (rng.uniform(0.5, 2.0, x) if domain == 'positive' else rng.standard_normal(x)) for x in inputs]


@pytest.mark.parametrize('case', [pytest.param(c, id=_case_id(c)) for c in GRADIENT_CASES])
def test_gradient_matches_central_differences(case):
    name, fn, inputs, domain = case
    check_gradients(fn, _arrays(name + str(len(inputs)), inputs, domain))


def _first_derivative(f):
    def df(x):
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        return inner.gradient(y, x)
    return df


SECOND_ORDER = [
    ('cond', lambda x: tf.cond(tf.constant(True), lambda: x ** 3, lambda: x), (3,), 'real'),
    ('while_loop', _while_power, (3,), 'real'),
    ('map_fn', lambda x: tf.map_fn(lambda r: tf.sin(r) * r, x), (4,), 'real'),
    ('roll', lambda x: tf.roll(x, 1, 0) ** 3, (4,), 'real'),
    ('segment_sum', lambda x: tf.math.segment_sum(x, [0, 0, 1, 1]) ** 3, (4,), 'real'),
    ('unsorted_segment_max', lambda x: tf.math.unsorted_segment_max(x ** 3, [0, 0, 1, 1], 2), (4,), 'real'),
    ('scatter_nd', lambda x: tf.scatter_nd([[1], [1], [0]], x[:3], [2]) ** 3, (4,), 'real'),
    ('tensor_scatter_nd_update', lambda x: tf.tensor_scatter_nd_update(x, [[1]], x[2:3] ** 2) ** 3, (4,), 'real'),
    ('atan2', lambda x: tf.math.atan2(x, x[::-1] + 3.0), (4,), 'real'),
    ('lgamma', tf.math.lgamma, (4,), 'positive'),
    ('inv', lambda x: tf.linalg.inv(tf.reshape(x, [2, 2]) + tf.eye(2, dtype=tf.float64) * 3.0), (4,), 'real'),
    ('det', lambda x: tf.linalg.det(tf.reshape(x, [2, 2])), (4,), 'real'),
    ('slogdet', lambda x: tf.linalg.slogdet(tf.reshape(x, [2, 2]) + tf.eye(2, dtype=tf.float64) * 3.0)[1],
     (4,), 'real'),
]


@pytest.mark.parametrize('name,f,shape,domain', SECOND_ORDER, ids=[s[0] for s in SECOND_ORDER])
def test_second_derivative_matches_differences_of_the_first(name, f, shape, domain):
    (x,) = _arrays('second-' + name, [shape], domain)
    check_gradients(_first_derivative(f), [x], atol=1e-5, rtol=1e-4)


@pytest.mark.parametrize('call', [
    lambda x: tf.sequence_mask(tf.cast(x, tf.int32), 3, dtype=tf.float64),
    lambda x: tf.searchsorted(x, x),
    lambda x: tf.math.count_nonzero(x),
    lambda x: tf.math.in_top_k([0, 1], tf.reshape(tf.cast(x, tf.float32), [2, 2]), 1),     # (float32 only, as TF)
    lambda x: tf.histogram_fixed_width(x, [0.0, 5.0], nbins=3),
    lambda x: tf.numpy_function(lambda a: a * 2, [x], tf.float64),
], ids=['sequence_mask', 'searchsorted', 'count_nonzero', 'in_top_k', 'histogram_fixed_width',
        'numpy_function'])
def test_non_differentiable_ops_give_no_gradient(call):
    x = tf.constant([0.5, 1.5, 2.5, 3.5], tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = call(x)
    with pytest.warns(tf.tape.NoneGradientWarning):
        assert tape.gradient(y, x) is None


# ---- a good call of each op, for tests/test_bad_input_sweep.py --------------------------------
_M = np.array([[0.1, 0.2, 0.3], [0.4, 0.5, 0.6]], np.float32)
_V = np.array([0.1, 0.2, 0.3], np.float32)
_IDX = np.array([0, 1], np.int32)
_SQ = np.array([[2.0, 1.0], [1.0, 3.0]], np.float32)
SWEEP_CALLS = {
    'cond': ((np.array(True), lambda: 1.0, lambda: 2.0), {}),
    'case': (([(tf.constant(True), lambda: 1.0)],), {}),     # (TF 2.21 refuses a NumPy pred: 'pred must be a Tensor, got: True')
    'switch_case': ((tf.constant(1), [lambda: 1.0, lambda: 2.0]), {}),     # (TF refuses a numpy index)
    'while_loop': ((lambda v: tf.size(v) < 0, lambda v: (v,), [_V]), {}),
    'map_fn': ((lambda x: x, _M), {}),
    'vectorized_map': ((lambda x: x, _M), {}),
    'py_function': ((lambda *a: a[0] if a else 0.0, [_M], tf.float32), {}),
    'numpy_function': ((lambda *a: a[0] if a else np.float32(0), [_M], tf.float32), {}),
    'roll': ((_M, 1, 1), {}),
    'sequence_mask': ((_IDX, 3), {}),
    'searchsorted': ((_V, _V), {}),
    'unique': ((_V,), {}),
    'embedding_lookup': ((_M, _IDX), {}),
    'segment_sum': ((_M, _IDX), {}), 'segment_mean': ((_M, _IDX), {}),
    'segment_max': ((_M, _IDX), {}), 'segment_min': ((_M, _IDX), {}),
    'unsorted_segment_sum': ((_M, _IDX, 2), {}), 'unsorted_segment_mean': ((_M, _IDX, 2), {}),
    'unsorted_segment_max': ((_M, _IDX, 2), {}), 'unsorted_segment_min': ((_M, _IDX, 2), {}),
    'scatter_nd': ((np.array([[0], [2]], np.int32), _M, (3, 3)), {}),
    'tensor_scatter_nd_update': ((_M, np.array([[1]], np.int32), _V[None]), {}),
    'tensor_scatter_nd_add': ((_M, np.array([[1]], np.int32), _V[None]), {}),
    'tensor_scatter_nd_sub': ((_M, np.array([[1]], np.int32), _V[None]), {}),
    'tensor_scatter_nd_max': ((_M, np.array([[1]], np.int32), _V[None]), {}),
    'tensor_scatter_nd_min': ((_M, np.array([[1]], np.int32), _V[None]), {}),
    'count_nonzero': ((_M,), {}),
    'bincount': ((_IDX,), {}),
    'confusion_matrix': ((_IDX, _IDX), {}),
    'in_top_k': ((_IDX, _M, 1), {}),
    'histogram_fixed_width': ((_V, [0.0, 1.0]), {}),
    'log_sigmoid': ((_M,), {}), 'lgamma': ((_M,), {}), 'digamma': ((_M,), {}),
    'atan2': ((_M, _V), {}),
    'polyval': (([_V, _V], _V), {}),
    'inv': ((_SQ,), {}), 'det': ((_SQ,), {}), 'slogdet': ((_SQ,), {}),
    'conv1d': ((np.ones((1, 4, 2), np.float32), np.ones((2, 2, 1), np.float32), 1, 'VALID'), {}),
}
# Arguments where None means something: no inputs, no outputs, the longest length.
SWEEP_NONE_IS_VALID = {('py_function', 1), ('py_function', 2), ('numpy_function', 1), ('numpy_function', 2),
                       ('sequence_mask', 1)}
# Ops that move elements whatever their dtype (a string tensor is documented input).
SWEEP_ANY_DTYPE = {'map_fn', 'vectorized_map', 'roll', 'unique', 'embedding_lookup', 'count_nonzero',
                   'tensor_scatter_nd_update', 'numpy_function',
                   'cond'}      # (TF 2.21's eager cond takes any predicate NumPy can read: tf.cond('abc', ...) is true_fn's)
