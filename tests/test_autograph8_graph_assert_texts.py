"""tf.debugging.assert_* and tf.Assert failing inside a tf.function raise TF 2.21's graph Assert kernel
error: 'Graph execution error: ... Detected at node <scope>/Assert/AssertGuard/Assert defined at ...
assertion failed: [...] [...]' (the eager checks' texts differ). TF's op name ends in a graph id
(__inference_f_31) that tapeflow leaves out.

Texts printed by TF 2.21 (/work/notes/progs/autograph8/p4.py and p8.py), e.g.

    @tf.function
    def dbg_pos(x):
        tf.debugging.assert_positive(x, message='need positive')
        return x + 1
    dbg_pos(tf.constant([1.0, -2.0]))
    # assertion failed: [need positive.  ] [Condition x > 0 did not hold element-wise:] [x (x:0) = ] [1 -2]
    #  	 [[{{node assert_positive/assert_less/Assert/AssertGuard/Assert}}]] [Op:__inference_dbg_pos_31]
"""
import pytest

import framework as tf
from framework.errors import InvalidArgumentError


def _kernel_text(fn, *args):
    with pytest.raises(InvalidArgumentError) as caught:
        fn(*args)
    text = str(caught.value)
    assert text.startswith('Graph execution error:\n\nDetected at node ')
    return text[text.index('assertion failed'):]


def _positive(x):
    tf.debugging.assert_positive(x, message='need positive')
    return x + 1


def _equal(x, y):
    tf.debugging.assert_equal(x, y)
    return x


def _less(x):
    tf.debugging.assert_less(x, 3.0, message='too big', summarize=2)
    return x


def _two_equal_checks(x):
    tf.debugging.assert_equal(x, 1.0)
    tf.debugging.assert_equal(x, 2.0)
    return x


def _non_positive(x):
    y = x * 2
    tf.debugging.assert_non_positive(y)
    return x


def _named(x):
    with tf.name_scope('outer'):
        tf.debugging.assert_greater(x, 0.0, name='check_x')
    return x


def _assert_data(x):
    tf.Assert(x > 0, ['x is', x, 'and', x * 2, 3, 4.5])
    return x


def _assert_int(x):
    tf.Assert(x > 0, ['x is', x])
    return x


def _near(x):
    tf.debugging.assert_near(x, x + 1.0)
    return x


@pytest.mark.parametrize('fn, args, expected', [
    (_positive, ([1.0, -2.0],), 'assertion failed: [need positive.  ] [Condition x > 0 did not hold element-wise:] '
     '[x (x:0) = ] [1 -2]\n\t [[{{node assert_positive/assert_less/Assert/AssertGuard/Assert}}]] '
     '[Op:__inference__positive]'),
    (_equal, ([1, 2], [1, 3]), 'assertion failed: [Condition x == y did not hold element-wise:] [x (x:0) = ] [1 2] '
     '[y (y:0) = ] [1 3]\n\t [[{{node assert_equal_1/Assert/Assert}}]] [Op:__inference__equal]'),
    (_less, ([1.0, 4.0, 5.0],), 'assertion failed: [too big] [Condition x < y did not hold element-wise:] '
     '[x (x:0) = ] [1 4...] [y (assert_less/y:0) = ] [3]\n\t [[{{node assert_less/Assert/AssertGuard/Assert}}]] '
     '[Op:__inference__less]'),
    (_two_equal_checks, ([1.0],), 'assertion failed: [Condition x == y did not hold element-wise:] [x (x:0) = ] [1] '
     '[y (assert_equal_3/y:0) = ] [2]\n\t [[{{node assert_equal_3/Assert/AssertGuard/Assert}}]] '
     '[Op:__inference__two_equal_checks]'),
    (_non_positive, ([1, 2, 3, 4],), 'assertion failed: [] [Condition x <= 0 did not hold element-wise:x (mul:0) = ] '
     '[2 4 6...]\n\t [[{{node assert_non_positive/assert_less_equal/Assert/Assert}}]] [Op:__inference__non_positive]'),
    (_named, (-1.0,), 'assertion failed: [Condition x > y did not hold element-wise:] [x (x:0) = ] [-1] '
     '[y (outer/check_x/y:0) = ] [0]\n\t [[{{node outer/check_x/Assert/AssertGuard/Assert}}]] [Op:__inference__named]'),
    (_assert_data, (-1.0,), 'assertion failed: [x is] [-1] [and] [-2] [3] [4.5]\n\t '
     '[[{{node Assert/AssertGuard/Assert}}]] [Op:__inference__assert_data]'),
    (_assert_int, (-1,), 'assertion failed: [x is] [-1]\n\t [[{{node Assert/Assert}}]] [Op:__inference__assert_int]'),
    (_near, (1.0,), 'assertion failed: [] [x and y not equal to tolerance rtol = Tensor(\\"assert_near/rtol:0\\", '
     'shape=(), dtype=float32), atol = Tensor(\\"assert_near/atol:0\\", shape=(), dtype=float32)] [x (x:0) = ] [1] '
     '[y (add:0) = ] [2]\n\t [[{{node assert_near/Assert/AssertGuard/Assert}}]] [Op:__inference__near]'),
])
def test_a_failed_check_in_a_function_is_the_graph_assert_kernel_error(fn, args, expected):
    assert _kernel_text(tf.function(fn), *[tf.constant(a) for a in args]) == expected


def test_the_graph_error_names_the_frames_and_a_replay_keeps_the_traces_names():
    f = tf.function(_positive)
    f(tf.constant([1.0]))           # the trace passes; the failing call replays it
    with pytest.raises(InvalidArgumentError) as caught:
        f(tf.constant([-1.0]))
    text = str(caught.value)
    assert 'Detected at node assert_positive/assert_less/Assert/AssertGuard/Assert defined at (most recent call ' \
           'last):\n' in text
    assert '  File "%s", line %d, in _positive\n\n' % (__file__, _positive.__code__.co_firstlineno + 1) in text
    assert text.endswith('[x (x:0) = ] [-1]\n\t [[{{node assert_positive/assert_less/Assert/AssertGuard/Assert}}]] '
                         '[Op:__inference__positive]')


@pytest.mark.parametrize('value, summarize, expected', [
    ([[1.0, 2.0], [3.0, 4.0]], None, '[[1 2][3...]...]'),
    ([[1.0, 2.0], [3.0, 4.0]], -1, '[[1 2][3 4]]'),
    ([[[1.0, 1.0], [1.0, 1.0]], [[1.0, 1.0], [1.0, 1.0]]], 2, '[[[1 1]]...]'),
    ([0.1, 1e-8, 123456789.0, float('nan'), float('inf'), -0.0], -1, '[0.1 1e-08 123456792 nan inf -0]'),
    ([True, False], None, '[1 0]'),
    (['a', 'b c'], None, '[a b c]'),
    ([], None, '[]'),
])
def test_tensor_summaries_as_tensor_summarize_value_writes_them(value, summarize, expected):
    def check(v):
        tf.Assert(False, [v], summarize=summarize)
    text = _kernel_text(tf.function(check), tf.constant(value))
    assert text.startswith('assertion failed: %s\n' % expected)


def test_static_checks_name_the_graph_tensor_in_a_function():
    def rank(x):
        tf.debugging.assert_rank(x, 2)

    def dtype(x):
        tf.debugging.assert_type(x, tf.int32)

    def shapes(x, y):
        tf.debugging.assert_shapes([(x, ('N', 3)), (y, ('N',))])
    with pytest.raises(ValueError, match=r'Tensor x:0 must have rank 2\.  Received rank 1, shape \(2,\)'):
        tf.function(rank)(tf.ones([2]))
    with pytest.raises(TypeError, match='x:0 must be of type tf.int32; got tf.float32'):
        tf.function(dtype)(tf.constant(1.0))
    with pytest.raises(ValueError, match=r'Specified by tensor x:0 dimension 0\.  Tensor y:0 dimension 0 must have '
                                         r'size 2\.  Received size 3, shape \(3,\)'):
        tf.function(shapes)(tf.ones([2, 3]), tf.ones([3]))


def test_eager_checks_keep_their_texts():
    with pytest.raises(InvalidArgumentError) as caught:
        _positive(tf.constant([1.0, -2.0]))
    assert str(caught.value) == ("need positive.  \nCondition x > 0 did not hold element-wise:\n"
                                 "x (shape=(2,) dtype=float32) = \n['1.0', '-2.0']")


def _check_numerics_twice(x):
    with tf.name_scope('outer'):
        first = tf.debugging.check_numerics(x, 'first')
    second = tf.debugging.check_numerics(first * 2, 'second')
    print(first, second)
    return tf.debugging.check_numerics(second * 0.0 + float('inf'), 'third')


def test_check_numerics_in_a_function_is_the_graph_error_and_names_its_output(capsys):
    with pytest.raises(InvalidArgumentError) as caught:
        tf.function(_check_numerics_twice)(tf.constant([1.0]))
    text = str(caught.value)
    # TF 2.21: Tensor("outer/CheckNumerics:0", ...) Tensor("CheckNumerics:0", ...), then the third check fails
    assert capsys.readouterr().out == ('Tensor("outer/CheckNumerics:0", shape=(1,), dtype=float32) '
                                       'Tensor("CheckNumerics:0", shape=(1,), dtype=float32)\n')
    assert text.startswith('Graph execution error:\n\nDetected at node CheckNumerics_1 defined at')
    assert text.endswith('\nthird : Tensor had Inf values\n\t [[{{node CheckNumerics_1}}]] '
                         '[Op:__inference__check_numerics_twice]')


def test_assert_all_finite_in_a_function_names_verify_finite():
    def finite(x):
        return tf.debugging.assert_all_finite(x, 'not finite')
    with pytest.raises(InvalidArgumentError) as caught:
        tf.function(finite)(tf.constant([1.0, float('inf')]))
    # TF 2.21: '... not finite : Tensor had Inf values\n\t [[{{node VerifyFinite/CheckNumerics}}]] [Op:...]'
    assert str(caught.value).endswith('\nnot finite : Tensor had Inf values\n\t '
                                      '[[{{node VerifyFinite/CheckNumerics}}]] [Op:__inference_finite]')
    x = tf.Variable([3.0])
    with tf.GradientTape() as tape:
        y = tf.function(lambda v: tf.debugging.check_numerics(v * v, 'm'))(x)
    assert tape.gradient(y, x).numpy().tolist() == [6.0]       # TF 2.21: [6.]
