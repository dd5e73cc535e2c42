"""tf.math's zero-safe ops, segment products, orderings, running log-sum-exp and complex parts
against TensorFlow 2.21.

Golden values: each case run with /opt/tfref's tensorflow 2.21 on the inputs below, the
outputs printed as Python lists (float32 values in full); GRADS are the gradients of each
op weighted by cos(arange(size) * 0.37), zeros of x and y included (where TensorFlow's
rules give 0 rather than the limit). Central differences check the gradients away from zeros.
"""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError
from framework.gradient_check import check_gradients

m = tf.math
inf, nan = np.inf, np.nan


def arr(shape, seed, scale=1.0):
    n = int(np.prod(shape))
    return (np.sin(np.arange(n) * 0.7 + seed) * scale).reshape(shape).astype('float32')


X = np.array([0.0, 0.5, -1.5, 2.0, 0.0, 3.0], 'float32')
Y = np.array([0.0, 2.0, 0.25, 0.0, -1.0, 1.5], 'float32')
D = np.array([[1., 2.], [3., 0.], [5., 6.], [0., 0.5], [-2., 4.]], 'float32')
EMPTY = np.array([], 'int32')      # TensorFlow was given [] (float32 there)
CASES = {
    'xlogy': lambda: m.xlogy(X, np.abs(Y)),
    'xdivy': lambda: m.xdivy(X, Y),
    'xlog1py': lambda: m.xlog1py(X, Y),
    'multiply_no_nan': lambda: m.multiply_no_nan(np.array([np.inf, np.nan, 1, 2, 3, 4], 'float32'), Y),
    'reciprocal_no_nan': lambda: m.reciprocal_no_nan(X),
    'rint': lambda: m.rint(np.array([2.5, 3.5, -0.5, -1.5, 0.4, 1.6], 'float32')),
    'scalar_mul': lambda: m.scalar_mul(2.5, X),
    'accumulate_n': lambda: m.accumulate_n([X, Y, X]),
    'segment_prod': lambda: m.segment_prod(D, [0, 0, 1, 3, 3]),
    'unsorted_segment_prod': lambda: m.unsorted_segment_prod(D, [2, 0, 2, -1, 0], 4),
    'unsorted_segment_sqrt_n': lambda: m.unsorted_segment_sqrt_n(D, [1, 1, 1, 0, -1], 3),
    'cumulative_logsumexp': lambda: m.cumulative_logsumexp(arr((3, 4), 1, 3.0), axis=1),
    'cumulative_logsumexp_excl_rev': lambda: m.cumulative_logsumexp(arr((3, 4), 2, 3.0), axis=0, exclusive=True,
                                                                    reverse=True),
    'invert_permutation': lambda: m.invert_permutation([3, 0, 4, 1, 2]),
    'is_non_decreasing': lambda: [m.is_non_decreasing(v) for v in ([1, 1, 2], [[1, 2], [1, 3]], EMPTY, [5])],
    'is_strictly_increasing': lambda: [m.is_strictly_increasing(v) for v in ([1, 1, 2], [[1, 2], [3, 4]], EMPTY,
                                                                             [5])],
    'zero_fraction': lambda: m.zero_fraction(D),
}
GRAD_CASES = {
    'xlogy': (lambda x, y: m.xlogy(x, y), [X, np.abs(Y) + 0.5]),
    'xdivy': (lambda x, y: m.xdivy(x, y), [X, Y]),
    'xlog1py': (lambda x, y: m.xlog1py(x, y), [X, np.abs(Y)]),
    'multiply_no_nan': (lambda x, y: m.multiply_no_nan(x, y), [X, Y]),
    'reciprocal_no_nan': (lambda x: m.reciprocal_no_nan(x), [X]),
    'unsorted_segment_prod': (lambda d: m.unsorted_segment_prod(d, [2, 0, 2, 0, 0], 3), [D]),
}
GOLDEN = {
    'xlogy': [0.0, 0.3465735912322998, 2.079441547393799, -inf, 0.0, 1.2163952589035034],
    'xdivy': [0.0, 0.25, -6.0, inf, 0.0, 2.0],
    'xlog1py': [0.0, 0.5493061542510986, -0.3347153067588806, 0.0, 0.0, 2.7488722801208496],
    'multiply_no_nan': [0.0, nan, 0.25, 0.0, -3.0, 6.0],
    'reciprocal_no_nan': [0.0, 2.0, -0.6666666865348816, 0.5, 0.0, 0.3333333432674408],
    'rint': [2.0, 4.0, -0.0, -2.0, 0.0, 2.0],
    'scalar_mul': [0.0, 1.25, -3.75, 5.0, 0.0, 7.5],
    'accumulate_n': [0.0, 3.0, -2.75, 4.0, -1.0, 7.5],
    'segment_prod': [[3.0, 0.0], [5.0, 6.0], [1.0, 1.0], [-0.0, 2.0]],
    'unsorted_segment_prod': [[-6.0, 0.0], [1.0, 1.0], [5.0, 12.0], [1.0, 1.0]],
    'unsorted_segment_sqrt_n': [[0.0, 0.5], [5.196152687072754, 4.618802070617676], [0.0, 0.0]],
    'cumulative_logsumexp': [[2.5244128704071045, 3.468017101287842, 3.6803362369537354, 3.708500385284424], [-1.835573673248291, -1.5474923849105835, -1.2608734369277954, -0.49568289518356323], [0.9346240758895874, 2.7324271202087402, 3.550323486328125, 3.7408106327056885]],
    'cumulative_logsumexp_excl_rev': [[2.9065158367156982, 2.714524984359741, 1.4404067993164062, 1.810459017753601], [2.903759002685547, 2.7065155506134033, 1.2363554239273071, -0.815281867980957], [-inf, -inf, -inf, -inf]],
    'invert_permutation': [1, 3, 4, 0, 2],
    'is_non_decreasing': [True, False, True, True],
    'is_strictly_increasing': [False, True, True, True],
    'zero_fraction': 0.20000000298023224,
}
GRADS = {
    'xlogy': [[0.0, 0.8542829155921936, -0.21244418621063232, -0.3082158863544464, 0.0, -0.19102460145950317], [0.0, 0.18646547198295593, -1.476937174797058, 1.7786461114883423, 0.0, -0.4133853614330292]],
    'xdivy': [[0.0, 0.46616366505622864, 2.953874349594116, inf, 0.0, -0.18372683227062225], [0.0, -0.11654091626405716, 17.72324562072754, -inf, 0.0, 0.3674536645412445]],
    'xlog1py': [[0.0, 1.024266242980957, 0.1647845059633255, 0.0, 0.0, -0.2525207996368408], [0.0, 0.15538789331912994, -0.8861623406410217, 0.8893230557441711, 0.0, -0.3307082951068878]],
    'multiply_no_nan': [[0.0, 1.8646546602249146, 0.18461714684963226, 0.0, -0.09067162126302719, -0.4133853614330292], [0.0, 0.46616366505622864, -1.1077028512954712, 0.8893230557441711, 0.0, -0.8267707228660583]],
    'reciprocal_no_nan': [[0.0, -3.729309320449829, -0.3282082676887512, -0.11116538196802139, 0.0, 0.030621137470006943]],
    'unsorted_segment_prod': [[[0.45335811376571655, -1.6535414457321167], [-0.0, 1.8646546602249146], [0.09067162126302719, -0.5511804819107056], [-6.0, 0.0], [0.0, 0.0]]],
}


def values(out):
    return [np.asarray(o).tolist() for o in out] if isinstance(out, list) else np.asarray(out).tolist()


@pytest.mark.parametrize('name', sorted(CASES))
def test_matches_tensorflow(name):
    np.testing.assert_allclose(np.asarray(values(CASES[name]()), np.float64), np.asarray(GOLDEN[name], np.float64),
                               rtol=1e-6, atol=1e-7)


@pytest.mark.parametrize('name', sorted(GRAD_CASES))
def test_gradients_match_tensorflow_at_zeros_too(name):
    f, inputs = GRAD_CASES[name]
    ts = [tf.constant(i) for i in inputs]
    with tf.GradientTape() as tape:
        tape.watch(ts)
        y = f(*ts)
    weights = np.cos(np.arange(int(np.prod(y.shape))) * 0.37).reshape(y.shape).astype('float32')
    grads = tape.gradient(y, ts, output_gradients=tf.constant(weights))
    for got, want in zip(grads, GRADS[name]):
        np.testing.assert_allclose(got.numpy(), want, rtol=1e-6, atol=1e-7)


POSITIVE = np.array([0.3, 1.5, 2.0])


@pytest.mark.parametrize('f, inputs', [
    (m.xlogy, [np.array([0.3, -1.5, 2.0]), POSITIVE]),
    (m.xdivy, [np.array([0.3, -1.5, 2.0]), np.array([-0.7, 1.5, 2.0])]),
    (m.xlog1py, [np.array([0.3, -1.5, 2.0]), np.array([-0.7, 1.5, 2.0])]),
    (m.multiply_no_nan, [np.array([0.3, -1.5, 2.0]), np.array([-0.7, 1.5, 2.0])]),
    (m.reciprocal_no_nan, [np.array([0.3, -1.5, 2.0])]),
    (lambda x: m.scalar_mul(-2.0, x), [POSITIVE]),
    (lambda x, y: m.accumulate_n([x, y, x]), [POSITIVE, -POSITIVE * 3]),
    (lambda d: m.segment_prod(d, [0, 0, 1, 1, 1]), [D.astype('float64') + 0.5]),
    (lambda d: m.unsorted_segment_sqrt_n(d, [1, 1, -1, 0, 1], 2), [D]),
    (lambda x: m.cumulative_logsumexp(x, axis=1), [arr((2, 3), 3, 4.0)]),
    (lambda x: m.cumulative_logsumexp(x, axis=0, reverse=True), [arr((3, 2), 4, 4.0)]),
    (lambda x: m.cumulative_logsumexp(x, axis=1, exclusive=True)[:, 1:], [arr((2, 4), 5, 4.0)]),
])
def test_gradients_match_central_differences(f, inputs):
    check_gradients(f, inputs)


def test_cumulative_logsumexp_does_not_overflow():
    np.testing.assert_allclose(m.cumulative_logsumexp(np.array([-1000.0, 0.0, 1000.0], 'float32')).numpy(),
                               [-1000.0, 0.0, 1000.0])


def test_complex_parts_and_their_gradients_match_tensorflow():
    # TensorFlow 2.21: the values and tape gradients (output gradient 1) of real, imag, angle on x,
    # and conj's gradient for the output gradient [1+1j, 2-1j].
    x = tf.constant(np.array([1 + 2j, -3 - 1j], np.complex64))
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        outputs = [m.real(x), m.imag(x), m.angle(x), m.conj(x)]
    np.testing.assert_allclose(outputs[0].numpy(), [1, -3])
    np.testing.assert_allclose(outputs[1].numpy(), [2, -1])
    np.testing.assert_allclose(outputs[2].numpy(), [1.1071488, -2.819842], rtol=1e-6)
    np.testing.assert_array_equal(outputs[3].numpy(), [1 - 2j, -3 + 1j])
    np.testing.assert_allclose(tape.gradient(outputs[0], x).numpy(), [1, 1])
    np.testing.assert_allclose(tape.gradient(outputs[1], x).numpy(), [1j, 1j])
    np.testing.assert_allclose(tape.gradient(outputs[2], x).numpy(), [-0.4 + 0.2j, 0.1 - 0.3j], rtol=1e-6)
    g = tf.constant(np.array([1 + 1j, 2 - 1j], np.complex64))
    np.testing.assert_allclose(tape.gradient(outputs[3], x, output_gradients=g).numpy(), [1 - 1j, 2 + 1j])


def test_complex_parts_of_real_tensors():
    x = np.array([-1.0, 2.0], 'float32')
    np.testing.assert_array_equal(m.real(x).numpy(), x)
    np.testing.assert_array_equal(m.conj(x).numpy(), x)
    np.testing.assert_array_equal(m.imag(x).numpy(), [0, 0])
    np.testing.assert_allclose(m.angle(x).numpy(), [np.pi, 0])


@pytest.mark.parametrize('call, error, message', [
    (lambda: m.invert_permutation([0, 2, 2]), InvalidArgumentError, 'is not a permutation'),
    (lambda: m.invert_permutation([[0, 1]]), InvalidArgumentError, 'must be 1-D'),
    (lambda: m.invert_permutation([0.0, 1.0]), TypeError, 'int32 or int64'),
    (lambda: m.is_non_decreasing(['a', 'b']), TypeError, 'is_non_decreasing'),
    (lambda: m.cumulative_logsumexp(X, axis=[0]), TypeError, 'axis must be one integer'),
    (lambda: m.cumulative_logsumexp(X, axis=1), ValueError, 'out of range'),
    (lambda: m.scalar_mul([1.0, 2.0], X), ValueError, r'The input scalar must be a 0-D value. Received shape \(2,\)'),
    (lambda: m.accumulate_n([]), ValueError, 'list of at least one Tensor'),      # TF 2.21's words
    (lambda: m.accumulate_n([X, X], shape=(3,)), ValueError, 'shape'),
    (lambda: m.segment_prod(D, [1, 0, 0, 0, 0]), ValueError, 'sorted'),
    (lambda: m.unsorted_segment_prod(D, [0, 1, 0, 1, 5], 3), ValueError, 'out of range'),
    (lambda: m.unsorted_segment_sqrt_n(D.astype('int32'), [0, 0, 0, 0, 0], 1), TypeError, 'floating-point'),
    (lambda: m.multiply_no_nan(X, np.ones(4, 'float32')), ValueError, 'multiply_no_nan'),
    (lambda: m.xlogy('a', X), TypeError, 'xlogy'),
    (lambda: m.angle(['a']), TypeError, 'angle'),
])
def test_bad_input_names_the_op(call, error, message):
    with pytest.raises(error, match=message):
        call()


# ---- for tests/test_op_gradients.py and tests/test_bad_input_sweep.py -------------------------
COVERED_HERE = {'xlogy', 'xdivy', 'xlog1py', 'multiply_no_nan', 'reciprocal_no_nan', 'scalar_mul', 'accumulate_n',
                'segment_prod', 'unsorted_segment_prod', 'unsorted_segment_sqrt_n', 'cumulative_logsumexp',
                'real', 'imag', 'conj', 'angle',
                'rint', 'invert_permutation', 'is_non_decreasing', 'is_strictly_increasing'}   # the last four: none
_V = np.array([0.5, 1.5, 2.0], 'float32')
SWEEP_CALLS = {
    'xlogy': ((_V, _V), {}), 'xdivy': ((_V, _V), {}), 'xlog1py': ((_V, _V), {}),
    'multiply_no_nan': ((_V, _V), {}), 'reciprocal_no_nan': ((_V,), {}), 'rint': ((_V,), {}),
    'scalar_mul': ((2.0, _V), {}), 'accumulate_n': (([_V, _V],), {}),
    'segment_prod': ((D, np.array([0, 0, 1, 1, 2], 'int32')), {}),
    'unsorted_segment_prod': ((D, np.array([0, 2, 0, 1, 1], 'int32'), 3), {}),
    'unsorted_segment_sqrt_n': ((D, np.array([0, 2, 0, 1, 1], 'int32'), 3), {}),
    'cumulative_logsumexp': ((arr((2, 3), 1),), {'axis': 1}),
    'invert_permutation': ((np.array([2, 0, 1], 'int32'),), {}),
    'is_non_decreasing': ((_V,), {}), 'is_strictly_increasing': ((_V,), {}),
    'real': ((_V,), {}), 'imag': ((_V,), {}), 'conj': ((_V,), {}), 'angle': ((_V,), {}),
}
SWEEP_ANY_DTYPE = set()
SWEEP_NONE_IS_VALID = set()
