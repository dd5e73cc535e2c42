"""tf.gather of a tf.Variable on axis 0 in a tf.function is TF's ResourceGather (the variable's sparse_read),
named 'Gather': a traced print shows Tensor("Gather:0", ...) and a graph run failing there names node Gather
(TF 2.21, progs/optimtraj28/p2_gather.py). Another axis, a keras.Variable or a read value stay GatherV2."""
import pytest

import framework as tf
from framework import keras


def _node(function, *args):
    with pytest.raises(tf.errors.InvalidArgumentError) as raised:
        function(*args)
    text = str(raised.value)
    assert text.startswith('Graph execution error:') and 'is not in [0, 2)' in text
    return text.rsplit('[[{{node ', 1)[1].split('}}]]')[0]


def test_variable_rows_are_gather():
    v = tf.Variable([1., 2.])

    @tf.function
    def g(i):
        return tf.gather(v, i)
    assert _node(g, tf.constant(7)) == 'Gather'       # TF 2.21 (tapeflow: GatherV2)
    assert float(g(tf.constant(1))) == 2.0
    assert _node(g, tf.constant(7)) == 'Gather'       # the kept trace run again


def test_printed_names_and_counters():
    v = tf.Variable([1., 2.])
    m = tf.Variable([[1., 2.], [3., 4.]])
    seen = []

    @tf.function
    def g(i):
        a = tf.gather(v, 0)
        b = tf.gather(m, i, axis=1)
        c = tf.gather(m, i, axis=0)
        with tf.name_scope('sc'):
            d = tf.gather(v, i, name='pick')
        seen.extend(str(t) for t in (a, b, c, d))
        return a + b + c + d
    g(tf.constant(1))
    # TF 2.21: the ResourceGathers count apart from the GatherV2
    assert seen == ['Tensor("Gather:0", shape=(), dtype=float32)', 'Tensor("GatherV2:0", shape=(2,), dtype=float32)',
                    'Tensor("Gather_1:0", shape=(2,), dtype=float32)', 'Tensor("sc/pick:0", shape=(), dtype=float32)']


@pytest.mark.parametrize('case', ['keras_variable', 'read_value', 'batch_dims'])
def test_gather_v2_stays(case):
    kv = keras.Variable([1., 2.])
    v = tf.Variable([1., 2.])
    m = tf.Variable([[1., 2.], [3., 4.]])

    @tf.function
    def g(i):
        if case == 'keras_variable':
            return tf.gather(kv, i)
        if case == 'read_value':
            return tf.gather(v.read_value(), i)
        return tf.gather(m, i, batch_dims=1)
    assert _node(g, tf.constant([0, 5]) if case == 'batch_dims' else tf.constant(7)) == 'GatherV2'    # TF 2.21
