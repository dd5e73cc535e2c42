"""Tuples holding trackables on a tf.train.Checkpoint or a tf.Module, as TF 2.21 tracks them (_TupleWrapper).

Printed by TF 2.21 (/work/notes/progs/tutorials47/t47_tw2.py, /tmp/t47_tw.py in the report):
tf.train.Checkpoint(t=(v1, v2)).write('c') saves 't/0', 't/1' (tapeflow raised "was expecting t to be a trackable
object"); c.t = (v1, [v2]) saves 't/0', 't/1/0' (tapeflow saved nothing); type(c.t) is _TupleWrapper and its list
item a ListWrapper; (1, 2) and () stay tuples; a namedtuple of variables keeps its fields.
"""
import collections

import framework as tf


def _keys(path):
    return [name for name, _ in tf.train.list_variables(path)]


def test_checkpoint_keyword_tuple_is_saved_and_restored(tmp_path):
    v1, v2 = tf.Variable(1.0), tf.Variable(2.0)
    path = tf.train.Checkpoint(t=(v1, v2)).write(str(tmp_path / 'c'))
    assert _keys(path) == ['_CHECKPOINTABLE_OBJECT_GRAPH', 't/0/.ATTRIBUTES/VARIABLE_VALUE',
                           't/1/.ATTRIBUTES/VARIABLE_VALUE']
    w1, w2 = tf.Variable(0.0), tf.Variable(0.0)
    tf.train.Checkpoint(t=(w1, w2)).restore(path).expect_partial()     # (write() saves no save_counter, as TF)
    assert (w1.numpy(), w2.numpy()) == (1.0, 2.0)


def test_checkpoint_attribute_tuple_with_a_list(tmp_path):
    v1, v2 = tf.Variable(1.0), tf.Variable(2.0)
    c = tf.train.Checkpoint()
    c.t = (v1, [v2])
    c.p = (1, 2)
    assert type(c.t).__name__ == '_TupleWrapper' and type(c.t[1]).__name__ == 'ListWrapper'
    assert type(c.p) is tuple and isinstance(c.t, tuple) and c.t == (v1, [v2])
    path = c.write(str(tmp_path / 'd'))
    assert _keys(path) == ['_CHECKPOINTABLE_OBJECT_GRAPH', 't/0/.ATTRIBUTES/VARIABLE_VALUE',
                           't/1/0/.ATTRIBUTES/VARIABLE_VALUE']
    r = tf.train.Checkpoint()
    r.t = (tf.Variable(0.0), [tf.Variable(0.0)])
    r.restore(path).expect_partial()
    assert (r.t[0].numpy(), r.t[1][0].numpy()) == (1.0, 2.0)


def test_module_tuples_as_tensorflow_wraps_them():
    Pair = collections.namedtuple('Pair', 'a b')

    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.t = (tf.Variable(1.0), 3, [tf.Variable(2.0)])
            self.e = ()
            self.shape = (3, 4)
            self.nt = Pair(tf.Variable(1.0), 2)

    m = M()
    assert type(m.t).__name__ == '_TupleWrapper' and type(m.t[2]).__name__ == 'ListWrapper'
    assert repr(m.t).startswith("_TupleWrapper((<tf.Variable 'Variable:0'") and str(m.t).startswith("(<tf.Variable")
    assert type(m.e) is tuple and type(m.shape) is tuple
    assert type(m.nt).__name__ == '_TupleWrapper' and isinstance(m.nt, Pair) and m.nt.b == 2
    assert len(m.variables) == 3 and type(m.t[:2]) is tuple and type(m.t + (1,)) is tuple


def test_wrappers_key_and_compare_as_their_plain_values():
    # TF 2.21 (/tmp/t47_lwf_tf.py, /tmp/t47_twf_tf.py): a tf.function traces a Module's ListWrapper /
    # _TupleWrapper and the plain list / tuple of the same items once; assert_same_structure takes them as equal
    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.l = [tf.Variable(1.0), tf.Variable(2.0)]
            self.t = (tf.Variable(1.0), tf.Variable(2.0))

    m = M()

    @tf.function
    def f(pair):
        return pair[0] + pair[1]

    f(m.l), f([m.l[0], m.l[1]])
    assert f.experimental_get_tracing_count() == 1
    f(m.t), f((m.t[0], m.t[1]))
    assert f.experimental_get_tracing_count() == 2
    tf.nest.assert_same_structure(m.l, [1, 2])
    tf.nest.assert_same_structure(m.t, (1, 2))


def test_nest_rebuilds_list_subclasses_as_their_own_type():
    # TF 2.21 (/tmp/t47_nl_tf.py, /tmp/t47_gl_tf.py): tf.nest's _sequence_like rebuilds a list subclass as its type
    class L(list):
        pass

    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.l = [tf.Variable(1.0)]

    m = M()
    assert type(tf.nest.map_structure(lambda v: v, L([1, 2]))) is L
    assert type(tf.nest.pack_sequence_as(L([1, 2]), [3, 4])) is L
    assert type(tf.nest.map_structure(lambda v: v, m.l)).__name__ == 'ListWrapper'
    assert type(tf.nest.map_structure(lambda v: v, {'a': 1}.values())) is list
    with tf.GradientTape() as tape:
        y = m.l[0] * 2
    grads = tape.gradient(y, m.l)
    assert type(grads).__name__ == 'ListWrapper' and float(grads[0]) == 2.0
