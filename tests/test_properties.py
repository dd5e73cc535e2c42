"""Property-based gradient checks: random compositions of ops, shapes and broadcasts.

Every example builds a small random program (unary ops, a broadcasting binary
op, a reduction, shape ops, matmuls) and checks the tape's gradient against
central differences in float64 (``framework.gradient_check.check_gradients``).
Second derivatives come from nested tapes: the inner tape's gradient is itself
a function of the input, checked the same way (finite differences of first
derivatives). Only ops that are smooth everywhere are drawn, so that
hypothesis' favourite inputs (0, repeated values) never sit on a kink.

Bounded and deterministic: ``derandomize=True`` with a few dozen examples.
"""
import numpy as np
import pytest

hypothesis = pytest.importorskip('hypothesis', reason='hypothesis is in the test extra: pip install .[test]')
from hypothesis import HealthCheck, assume, given, settings, strategies as st  # noqa: E402
from hypothesis.extra import numpy as hnp  # noqa: E402

import framework as tf  # noqa: E402
from framework.gradient_check import check_gradients  # noqa: E402

BOUNDED = settings(max_examples=40, deadline=None, derandomize=True, database=None,
                   suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])

# Smooth on all of R (first and second derivatives), with their names for failure messages.
UNARY = {
    'exp': tf.exp, 'tanh': tf.tanh, 'sigmoid': tf.sigmoid, 'sin': tf.sin, 'cos': tf.cos,
    'atan': tf.math.atan, 'erf': tf.math.erf, 'softplus': tf.nn.softplus, 'square': tf.square,
    'negative': tf.negative, 'log1p(x^2)': lambda x: tf.math.log1p(tf.square(x)),
    'sqrt(x^2+1)': lambda x: tf.sqrt(tf.square(x) + 1.),
    'reciprocal(x^2+1)': lambda x: tf.math.reciprocal(tf.square(x) + 1.),
    'x*0.5+0.25': lambda x: x * 0.5 + 0.25, '2/x^2+1': lambda x: 2. / (tf.square(x) + 1.),
}
BINARY = {
    'add': tf.add, 'subtract': tf.subtract, 'multiply': tf.multiply,
    'squared_difference': tf.math.squared_difference,
    'x/(y^2+1)': lambda x, y: x / (tf.square(y) + 1.),
    '(x^2+1)^y': lambda x, y: tf.pow(tf.square(x) + 1., y),
    'x*exp(y)': lambda x, y: x * tf.exp(y),
}
REDUCE = {
    'reduce_sum': tf.reduce_sum, 'reduce_mean': tf.reduce_mean, 'reduce_logsumexp': tf.reduce_logsumexp,
    'reduce_prod': tf.reduce_prod, 'softmax-then-sum': lambda x, axis, keepdims: tf.reduce_sum(
        tf.nn.softmax(x, axis=-1) * x, axis=axis, keepdims=keepdims),
}

values = st.floats(-1.5, 1.5, allow_nan=False, allow_infinity=False, width=64)


@st.composite
def broadcast_pair(draw):
    """Two shapes that broadcast together (dims dropped from the front or set to 1)."""
    full = draw(hnp.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=3))
    shapes = []
    for _ in range(2):
        drop = draw(st.integers(0, len(full) - 1))
        shape = [1 if draw(st.booleans()) and draw(st.booleans()) else d for d in full[drop:]]
        shapes.append(tuple(shape))
    return shapes


@st.composite
def program(draw):
    shape_x, shape_y = draw(broadcast_pair())
    x = draw(hnp.arrays(np.float64, shape_x, elements=values))
    y = draw(hnp.arrays(np.float64, shape_y, elements=values))
    before = draw(st.lists(st.sampled_from(sorted(UNARY)), max_size=2))
    binary = draw(st.sampled_from(sorted(BINARY)))
    after = draw(st.lists(st.sampled_from(sorted(UNARY)), max_size=2))
    reduce = draw(st.sampled_from(sorted(REDUCE)))
    rank = max(len(shape_x), len(shape_y))
    axis = draw(st.one_of(st.none(), st.integers(-rank, rank - 1)))
    keepdims = draw(st.booleans())
    return x, y, before, binary, after, reduce, axis, keepdims


def chain(names, t):
    for name in names:
        t = UNARY[name](t)
    return t


def build(before, binary, after, reduce, axis, keepdims):
    def f(x, y):
        z = BINARY[binary](chain(before, x), y)
        return REDUCE[reduce](chain(after, z), axis=axis, keepdims=keepdims)
    return f


def assume_tame(f, *inputs):
    """Skip examples whose values overflow or get huge (the chain may square repeatedly)."""
    out = f(*[tf.constant(a) for a in inputs]).numpy()
    assume(np.all(np.isfinite(out)) and np.max(np.abs(out), initial=0.) < 1e4)


@BOUNDED
@given(program())
def test_random_compositions_match_central_differences(case):
    x, y, before, binary, after, reduce, axis, keepdims = case
    f = build(before, binary, after, reduce, axis, keepdims)
    assume_tame(f, x, y)
    check_gradients(f, [x, y], rtol=1e-5, atol=1e-6)


@st.composite
def matmul_case(draw):
    m, k, n = (draw(st.integers(1, 3)) for _ in range(3))
    batch_a = tuple(draw(st.lists(st.integers(1, 2), max_size=1)))
    batch_b = tuple(1 if d == 2 and draw(st.booleans()) else d for d in batch_a) if draw(st.booleans()) else ()
    ta, tb = draw(st.booleans()), draw(st.booleans())
    a = draw(hnp.arrays(np.float64, batch_a + ((k, m) if ta else (m, k)), elements=values))
    b = draw(hnp.arrays(np.float64, batch_b + ((n, k) if tb else (k, n)), elements=values))
    return a, b, ta, tb, draw(st.sampled_from(['tanh', 'square', 'sigmoid']))


@BOUNDED
@given(matmul_case())
def test_batched_matmul_with_transposes_and_broadcast_batches(case):
    a, b, ta, tb, activation = case

    def f(a, b):
        return UNARY[activation](tf.matmul(a, b, transpose_a=ta, transpose_b=tb))
    check_gradients(f, [a, b])


SHAPE_OPS = {
    'transpose': lambda t: tf.transpose(t),
    'reverse-last': lambda t: tf.reverse(t, [-1]),
    'flatten': lambda t: tf.reshape(t, [-1]),
    'expand-squeeze': lambda t: tf.squeeze(tf.expand_dims(t, 0), 0),
    'tile': lambda t: tf.tile(t, [2] + [1] * (t.ndim - 1)),
    'concat-self': lambda t: tf.concat([t, t * 2.], axis=0),
    'stack-self': lambda t: tf.stack([t, tf.sin(t)], axis=-1),
    'slice': lambda t: t[:1],
    'cumsum': lambda t: tf.cumsum(t, axis=0),
    'broadcast': lambda t: tf.broadcast_to(t, (2,) + tuple(t.shape)),
}


@BOUNDED
@given(hnp.arrays(np.float64, hnp.array_shapes(min_dims=1, max_dims=3, max_side=3), elements=values),
       st.lists(st.sampled_from(sorted(SHAPE_OPS)), min_size=1, max_size=3),
       st.sampled_from(['tanh', 'square', 'exp']))
def test_shape_op_compositions(x, names, activation):
    def f(t):
        for name in names:
            t = SHAPE_OPS[name](t)
        return UNARY[activation](t)
    check_gradients(f, [x])


def first_derivative(fn):
    """x -> d sum(fn(x)) / dx, computed by an inner tape (recorded by any outer one)."""
    def grad(x):
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.reduce_sum(fn(x))
        return inner.gradient(y, x)
    return grad


@BOUNDED
@given(hnp.arrays(np.float64, hnp.array_shapes(min_dims=1, max_dims=2, max_side=3), elements=values),
       st.lists(st.sampled_from(sorted(UNARY)), min_size=1, max_size=3),
       st.sampled_from(sorted(BINARY)))
def test_second_derivatives_from_nested_tapes_match_differences_of_first(x, names, binary):
    # The outer tape (inside check_gradients) records the inner tape's backward
    # pass; its gradient is compared with central differences of that first derivative.
    def fn(t):
        return BINARY[binary](chain(names, t), tf.sin(t))
    assume_tame(fn, x)
    assume_tame(first_derivative(fn), x)
    check_gradients(first_derivative(fn), [x], rtol=1e-4, atol=1e-5)


@BOUNDED
@given(hnp.arrays(np.float64, st.tuples(st.integers(1, 3), st.integers(2, 4)), elements=values))
def test_second_derivative_of_softmax_cross_entropy_and_logsumexp(logits):
    labels = np.eye(logits.shape[1])[np.arange(logits.shape[0]) % logits.shape[1]]

    def loss(z):
        return tf.nn.softmax_cross_entropy_with_logits(labels=tf.constant(labels), logits=z) \
            + tf.reduce_logsumexp(z, axis=-1) * 0.5
    check_gradients(first_derivative(loss), [logits], rtol=1e-4, atol=1e-5)


def test_a_wrong_gradient_rule_is_caught():
    # The checker these properties rely on must fail on a wrong rule.
    @tf.custom_gradient
    def wrong_square(t):
        return t * t, lambda g: g * t         # should be 2 t

    with pytest.raises(AssertionError, match='differs from central differences'):
        check_gradients(wrong_square, [np.array([0.5, -1.0])])
