"""A concrete function's tuple / list / dict / namedtuple parameters, as TF 2.21 casts calls to them (leaf by
leaf, in each trace type's words, Python leaves converted) and falls back to the graph's flat tensor inputs.
Printed by TF 2.21: /work/notes/progs/autograph11/p14.py, p15.py and the namedtuple probe below.

    P = collections.namedtuple('P', ['x', 'y'])
    @tf.function
    def f(p, q):
        return p.x * p.y + q[0]
    cf = f.get_concrete_function(P(tf.TensorSpec([]), tf.TensorSpec([])), [tf.TensorSpec([])])
    cf.structured_input_signature   # ((P(x=TensorSpec(..., name='p_x'), y=TensorSpec(..., name='p_y')),
                                    #   [TensorSpec(..., name='q_0')]), {})
    cf(P(1.0, 2.0), [3.0])          # tf.Tensor(5.0, ...)
"""
import collections

import pytest

import framework as tf

P = collections.namedtuple('P', ['x', 'y'])
D_TYPE = "Dict[['a', TensorSpec(shape=(None,), dtype=tf.float32, name=None)], ['b', Literal[3]]]"
PAIR_TYPE = ('Tuple[TensorSpec(shape=(), dtype=tf.float32, name=None), '
             'TensorSpec(shape=(), dtype=tf.float32, name=None)]')


def _dict_and_pair():
    @tf.function
    def f(d, pair):
        return d['a'] + pair[0] * pair[1]
    return f.get_concrete_function({'a': tf.TensorSpec([None]), 'b': 3}, (tf.TensorSpec([]), tf.TensorSpec([])))


def _reason(cf, *args, **kwargs):
    with pytest.raises(TypeError) as raised:
        cf(*args, **kwargs)
    text = str(raised.value)
    assert text.startswith('Binding inputs to tf.function failed due to `')
    assert text.endswith('Fallback to flat signature also failed due to: f(d, pair, pair_1) missing required '
                         'arguments: pair_1.')
    assert ' for signature: (d: %s, pair: %s) -> TensorSpec(shape=(None,), dtype=tf.float32, name=None).\n' % (
        D_TYPE, PAIR_TYPE) in text
    return text.partition('`')[2].partition('`. Received args')[0]


def test_each_leaf_is_cast_in_its_trace_types_words():
    cf = _dict_and_pair()
    one, two = tf.constant(1.0), tf.constant(2.0)
    assert _reason(cf, {'a': tf.ones([2])}, (one, two)) == (
        "{'a': <tf.Tensor: shape=(2,), dtype=float32, numpy=array([1., 1.], dtype=float32)>} has different keys "
        "with the TraceType %s." % D_TYPE)
    assert _reason(cf, {'a': tf.ones([2]), 'b': 4}, (one, two)) == 'Can not cast 4 to Literal[3]'
    assert _reason(cf, {'a': tf.ones([2]), 'b': 3}, (one,)) == (
        'Expected (<tf.Tensor: shape=(), dtype=float32, numpy=1.0>,) to have length of 2')
    assert _reason(cf, {'a': tf.ones([2], tf.int32), 'b': 3}, (one, two)) == (
        'Can not cast TensorSpec(shape=(2,), dtype=tf.int32, name=None) to '
        'TensorSpec(shape=(None,), dtype=tf.float32, name=None)')
    assert _reason(cf, {'a': tf.ones([2, 2]), 'b': 3}, (one, two)) == (
        'Can not cast TensorSpec(shape=(2, 2), dtype=tf.float32, name=None) to '
        'TensorSpec(shape=(None,), dtype=tf.float32, name=None)')
    assert _reason(cf, {'a': ['x'], 'b': 3}, (one, two)) == "Cannot convert ['x'] to EagerTensor of dtype float"


def test_python_leaves_convert_and_flat_tensors_run():
    cf = _dict_and_pair()
    assert cf({'a': [1.0, 2.0], 'b': 3}, (1.0, 2.0)).numpy().tolist() == [3.0, 4.0]      # TF 2.21: [3. 4.]
    ones = tf.ones([2])
    assert cf(ones, tf.constant(1.0), tf.constant(2.0)).numpy().tolist() == [3.0, 3.0]   # TF 2.21: [3. 3.]
    assert cf(d=ones, pair=tf.constant(1.0), pair_1=tf.constant(2.0)).numpy().tolist() == [3.0, 3.0]


def test_a_list_parameter_of_another_length():
    @tf.function
    def g(xs):
        return tf.add_n(xs)
    cg = g.get_concrete_function([tf.TensorSpec([2]), tf.TensorSpec([2])])
    assert cg([[1.0, 2.0], [3.0, 4.0]]).numpy().tolist() == [4.0, 6.0]
    with pytest.raises(TypeError, match=r"^Binding inputs to tf.function failed due to `object of type 'Tuple' "
                                        r"has no len\(\)`"):
        cg([tf.ones([2])] * 3)      # (TF 2.21's List cast words it so)


def test_namedtuple_parameters():
    @tf.function
    def f(p, q):
        return p.x * p.y + q[0]
    cf = f.get_concrete_function(P(tf.TensorSpec([]), tf.TensorSpec([])), [tf.TensorSpec([])])
    assert repr(cf.structured_input_signature) == (
        "((P(x=TensorSpec(shape=(), dtype=tf.float32, name='p_x'), y=TensorSpec(shape=(), dtype=tf.float32, "
        "name='p_y')), [TensorSpec(shape=(), dtype=tf.float32, name='q_0')]), {})")
    assert [t.name for t in cf.inputs] == ['p:0', 'p_1:0', 'q:0']
    assert float(cf(P(1.0, 2.0), [3.0])) == 5.0
    assert float(cf(tf.constant(1.0), tf.constant(2.0), tf.constant(3.0))) == 5.0
    with pytest.raises(TypeError) as raised:
        cf((tf.constant(1.0), 2.0), [3.0])
    assert str(raised.value).startswith(
        'Binding inputs to tf.function failed due to `Cannot cast (<tf.Tensor: shape=(), dtype=float32, '
        "numpy=1.0>, 2.0) to type <class '%s.P'>.`." % __name__)
    with pytest.raises(TypeError) as raised:
        cf(P(tf.constant(1.0), 'a'), [3.0])
    assert str(raised.value).endswith(
        'Fallback to flat signature also failed due to: f(p, p_1, q) missing required arguments: q.')
    assert "`Cannot convert 'a' to EagerTensor of dtype float`" in str(raised.value)
