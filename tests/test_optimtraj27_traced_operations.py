"""Ops that TF 2.21 returns as a graph Operation inside a tf.function (tf.no_op, tf.group, tf.print, the
tf.debugging checks): eagerly None, traced an Operation that a tf.function cannot return. The expected
texts, names and counts are TF 2.21's (progs/optimtraj27/p2_opret.py, p3_opnames.py, p5_opextra.py)."""
import re

import numpy as np
import pytest

import framework as tf
from framework import keras

RETURNED = {
    'assert_equal': lambda x: tf.debugging.assert_equal(x, x + 0.0),
    'assert_positive': lambda x: tf.debugging.assert_positive(x),
    'assert_less': lambda x: tf.debugging.assert_less(x, 5.0),
    'assert_rank': lambda x: tf.debugging.assert_rank(x, 1),
    'Assert': lambda x: tf.debugging.Assert(tf.reduce_all(x > 0), [x]),
    'assert_near': lambda x: tf.debugging.assert_near(x, x),
    'assert_non_negative': lambda x: tf.debugging.assert_non_negative(x),
    'print': lambda x: tf.print(x),
    'no_op': lambda x: tf.no_op(),
    'group': lambda x: tf.group(x + 1, x * 2),
    'in_tuple': lambda x: (x, tf.print(x)),
    'in_dict': lambda x: {'a': x, 'b': tf.debugging.assert_positive(x)},
    'in_list': lambda x: [tf.group(x)],
}


@pytest.mark.parametrize('kind', sorted(RETURNED))
def test_an_operation_returned_fails_every_trace(kind, capsys):
    op = RETURNED[kind]

    def body(x):
        print('PY')
        return op(x)
    f = tf.function(body)
    x = tf.constant([1.0, 2.0])
    for _ in range(2):
        with pytest.raises(TypeError) as info:
            f(x)
        # TF 2.21: the trace's outputs refuse the Operation, so nothing is cached and each call traces
        assert re.sub(' at 0x[0-9a-f]+', '', str(info.value)) == (
            'To be compatible with tf.function, Python functions must return zero or more Tensors or '
            'ExtensionTypes or None values; in compilation of <function test_an_operation_returned_fails_every_trace'
            '.<locals>.body>, found return value of type Operation, which is not a Tensor or ExtensionType.')
    assert f.experimental_get_tracing_count() == 0
    with pytest.raises(TypeError):
        f.get_concrete_function(x)
    assert capsys.readouterr().out.count('PY\n') == 3


def test_the_passing_assert_of_optimtraj26_item_8(capsys):
    @tf.function
    def g(x):
        print('PY g')
        return tf.debugging.assert_equal(x, 1.0)
    for _ in range(2):
        with pytest.raises(TypeError, match='found return value of type Operation'):
            g(tf.constant(1.0))
    assert g.experimental_get_tracing_count() == 0
    assert capsys.readouterr().out == 'PY g\nPY g\n'


@pytest.mark.parametrize('kind', ['assert_type', 'assert_shapes', 'assert_integer', 'assert_proper_iterable'])
def test_checks_that_return_none_in_a_trace_too(kind):
    checks = {'assert_type': lambda x: tf.debugging.assert_type(x, tf.float32),
              'assert_shapes': lambda x: tf.debugging.assert_shapes([(x, ('N',))]),
              'assert_integer': lambda x: tf.debugging.assert_integer(tf.cast(x, tf.int32)),
              'assert_proper_iterable': lambda x: tf.debugging.assert_proper_iterable([x])}
    f = tf.function(checks[kind])
    assert f(tf.constant([1.0, 2.0])) is None       # TF 2.21: None, one trace
    assert f(tf.constant([3.0, 4.0])) is None
    assert f.experimental_get_tracing_count() == 1


def test_operations_are_named_as_tf_names_them(capsys):
    @tf.function
    def f(x, i):
        ops = [tf.debugging.assert_equal(x, x), tf.debugging.assert_equal(x, x), tf.debugging.assert_positive(x),
               tf.debugging.assert_less(x, 5.0), tf.debugging.assert_rank(x, 1), tf.debugging.Assert(x[0] > 0, [x]),
               tf.print(x), tf.no_op(), tf.group(x + 1), tf.group(), tf.debugging.assert_near(x, x),
               tf.debugging.assert_rank_at_least(x, 1), tf.debugging.assert_rank_in(x, [1, 2]),
               tf.debugging.assert_equal(x, x, name='mine'), tf.no_op(name='nn'),
               tf.debugging.assert_less_equal(x, 9.0), tf.debugging.assert_non_positive(-x),
               tf.debugging.assert_negative(-x), tf.debugging.assert_greater(x, 0.0),
               tf.debugging.assert_less(i, 5), tf.debugging.Assert(i[0] > 0, ['s', i]),
               tf.debugging.assert_positive(i), tf.print(x, name='pp'), tf.group(x, name='gg'),
               tf.debugging.assert_equal(1.0, 1.0)]
        with tf.name_scope('outer'):
            ops += [tf.no_op(), tf.debugging.assert_less(x, 5.0), tf.print(x), tf.debugging.assert_rank(x, 1, name='rk')]
        print('OPS', [repr(o) for o in ops], ops[0] is ops[1])
        return x
    f(tf.constant([1.0, 2.0]), tf.constant([1, 2]))
    line = [s for s in capsys.readouterr().out.splitlines() if s.startswith('OPS')][0]
    # TF 2.21 (progs/optimtraj27/p3_opnames.py, p5_opextra.py)
    assert line == 'OPS %r False' % [
        "<tf.Operation '%s' type=%s>" % pair for pair in [
            ('assert_equal/NoOp', 'NoOp'), ('assert_equal_1/NoOp', 'NoOp'),
            ('assert_positive/assert_less/Assert/AssertGuard/Identity', 'Identity'),
            ('assert_less/Assert/AssertGuard/Identity', 'Identity'),
            ('assert_rank/static_checks_determined_all_ok', 'NoOp'), ('Assert/AssertGuard/Identity', 'Identity'),
            ('PrintV2', 'PrintV2'), ('NoOp', 'NoOp'), ('group_deps', 'NoOp'), ('group_deps_1', 'NoOp'),
            ('assert_near/Assert/AssertGuard/Identity', 'Identity'),
            ('assert_rank_at_least/static_checks_determined_all_ok', 'NoOp'),
            ('assert_rank_in/static_checks_determined_all_ok', 'NoOp'), ('mine/NoOp', 'NoOp'), ('nn', 'NoOp'),
            ('assert_less_equal/Assert/AssertGuard/Identity', 'Identity'),
            ('assert_non_positive/assert_less_equal/Assert/AssertGuard/Identity', 'Identity'),
            ('assert_negative/assert_less/Assert/AssertGuard/Identity', 'Identity'),
            ('assert_greater/Assert/AssertGuard/Identity', 'Identity'),
            ('assert_less_1/Assert/Assert', 'Assert'), ('Assert_1/Assert', 'Assert'),
            ('assert_positive_1/assert_less/Assert/Assert', 'Assert'), ('pp', 'PrintV2'), ('gg', 'NoOp'),
            ('assert_equal_2/NoOp', 'NoOp'), ('outer/NoOp', 'NoOp'),
            ('outer/assert_less/Assert/AssertGuard/Identity', 'Identity'), ('outer/PrintV2', 'PrintV2'),
            ('outer/rk/static_checks_determined_all_ok', 'NoOp')]]


def test_an_operation_in_a_keras_layer_takes_the_layer_scope(capsys):
    class L(keras.layers.Layer):
        def call(self, x):
            print('OPS', repr(tf.debugging.assert_less(x, 5.0)), repr(tf.no_op()))
            return x
    keras.backend.clear_session()
    m = keras.Sequential([keras.Input((2,)), L(name='l')])
    m.predict(np.ones((1, 2), 'float32'), verbose=0)
    lines = [s for s in capsys.readouterr().out.splitlines() if s.startswith('OPS')]
    # TF 2.21 (p5_opextra.py): "<tf.Operation 'sequential_1/l_1/assert_less/Assert/AssertGuard/Identity'
    # type=Identity> <tf.Operation 'sequential_1/l_1/NoOp' type=NoOp>" (the suffixes hang on the models made before)
    assert re.fullmatch(r"OPS <tf.Operation '(sequential(_\d+)?/l(_\d+)?/)assert_less/Assert/AssertGuard/Identity' "
                        r"type=Identity> <tf.Operation '\1NoOp' type=NoOp>", lines[-1]), lines


def test_an_operation_does_not_convert_but_groups_and_orders():
    @tf.function
    def f(x):
        a = tf.debugging.assert_equal(x, x)
        p = tf.print(x, output_stream='file:///dev/null')
        with tf.control_dependencies([a, p]):
            y = tf.identity(x)
        g = tf.group(a, p, y)
        with pytest.raises(TypeError) as info:
            tf.convert_to_tensor(a)
        return y, repr(g), str(info.value)
    y, g, text = f(tf.constant([1.0, 2.0]))
    assert g.numpy().decode() == "<tf.Operation 'group_deps' type=NoOp>"
    assert text.numpy().decode() == "can't convert Operation 'assert_equal/NoOp' to Tensor"     # TF 2.21


def test_eagerly_they_return_none_and_one_tensor_is_not_checked():
    x = tf.constant([float('nan'), 1.0])
    assert tf.no_op() is None and tf.group(x) is None and tf.print(x, output_stream='file:///dev/null') is None
    assert tf.debugging.assert_less(x[1:], 5.0) is None and tf.debugging.assert_rank(x, 1) is None
    # TF 2.21 short-cuts assert_equal of one tensor: NaN is not compared (None, no error)
    assert tf.debugging.assert_equal(x, x) is None
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.debugging.assert_equal(x, x + 0.0)
