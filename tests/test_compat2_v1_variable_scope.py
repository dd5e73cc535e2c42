"""tf.compat.v1.get_variable / variable_scope run eagerly as TF 2.21 runs them: every call a new variable
(no sharing, reuse AUTO_REUSE), named by the variable scopes only, TF 1's default initializers; TF's texts for
the refusals (/work/notes/progs/compat2/p06.py, p06.tf.out)."""
import numpy as np
import pytest

import framework as tf

v1 = tf.compat.v1


def test_names_values_and_no_sharing():
    v1.set_random_seed(0)
    w = v1.get_variable('w', [2, 3])            # glorot_uniform_initializer, the default for floats
    assert (w.name, w.dtype.name, w.trainable) == ('w:0', 'float32', True)
    assert np.round(w.numpy(), 6).tolist() == [[-0.45576000213623047, -0.6428809762001038, 0.07753700017929077],
                                               [0.13420799374580383, -0.18255700170993805, 0.6744170188903809]]
    w2 = v1.get_variable('w', [2, 3])
    assert w2.name == 'w:0' and w2 is not w
    assert np.round(w2.numpy(), 6).tolist() == [[0.12140599638223648, -0.6106169819831848, 0.7995100021362305],
                                                [0.6074979901313782, 0.3179349899291992, 0.06651999801397324]]
    with v1.variable_scope('layer1'):
        a = v1.get_variable('kernel', shape=[2, 2], initializer=v1.truncated_normal_initializer(stddev=0.1))
        c = v1.get_variable('bias', [2], initializer=v1.constant_initializer(0.1))
        assert (a.name, c.name) == ('layer1/kernel:0', 'layer1/bias:0')
        assert np.round(a.numpy(), 6).tolist() == [[-0.18041299283504486, -0.01115300040692091],
                                                   [-0.0845550000667572, 0.08489599823951721]]
        assert c.numpy().tolist() == [0.10000000149011612, 0.10000000149011612]
        assert v1.get_variable_scope().name == 'layer1'
        assert repr(v1.get_variable_scope().reuse) == '<_ReuseMode.AUTO_REUSE: 1>'
    with v1.variable_scope('layer1', reuse=True):
        a2 = v1.get_variable('kernel', shape=[2, 2])
        assert a2.name == 'layer1/kernel:0' and a2 is not a
        assert np.round(a2.numpy(), 6).tolist() == [[-0.795753002166748, -0.4458700120449066],
                                                    [0.8709099888801575, -0.20267300307750702]]


def test_initializers_from_values_dtypes_and_nested_scopes():
    with v1.variable_scope('l2', reuse=v1.AUTO_REUSE) as scope:
        assert (scope.name, scope.original_name_scope, scope.reuse) == ('l2', 'l2/', v1.AUTO_REUSE)
        d = v1.get_variable('d', initializer=tf.constant([1.0, 2.0]))
        e = v1.get_variable('e', initializer=np.float32(3.0))
        f = v1.get_variable('f', [2], dtype=tf.float64, initializer=v1.zeros_initializer())
        g = v1.get_variable('g', [3], dtype=tf.int32)
        h = v1.get_variable('h', [1], trainable=False)
        assert (d.name, d.numpy().tolist(), e.name, float(e.numpy())) == ('l2/d:0', [1.0, 2.0], 'l2/e:0', 3.0)
        assert (f.name, f.dtype.name, g.name, g.numpy().tolist(), h.trainable) == (
            'l2/f:0', 'float64', 'l2/g:0', [0, 0, 0], False)
        with v1.variable_scope('inner'):
            assert v1.get_variable('i', [1], initializer=v1.ones_initializer()).name == 'l2/inner/i:0'
            assert v1.get_variable_scope().name == 'l2/inner'
    with v1.variable_scope(None, default_name='dense'):
        assert v1.get_variable('k', [1]).name == 'dense/k:0'
    with v1.variable_scope(None, default_name='dense'):
        assert v1.get_variable('k', [1]).name == 'dense_1/k:0'
    assert v1.get_variable_scope().name == ''
    assert v1.get_variable('z', [1, 1], initializer=v1.initializers.he_normal()).name == 'z:0'


def test_a_variable_scope_opens_its_name_scope_but_get_variable_ignores_name_scopes():
    assert tf.Variable(1.0, name='v').name == 'v:0'
    with v1.variable_scope('outer'):
        assert tf.Variable(1.0, name='v').name == 'outer/v:0'
        with tf.name_scope('ns'):
            assert tf.Variable(1.0, name='v').name == 'outer/ns/v:0'
            assert v1.get_variable('gv', [1]).name == 'outer/gv:0'


@pytest.mark.parametrize('call, error, text', [
    (lambda: v1.get_variable('nope'), ValueError,
     'Variable nope did not get an initializer, so its `shape` argument must be specified.'),
    (lambda: v1.get_variable('nope2', shape=[2], initializer=tf.constant([1.0, 2.0])), ValueError,
     'If initializer is a constant, do not specify shape.'),
    (lambda: v1.variable_scope(None), TypeError, 'If default_name is None then name_or_scope is required'),
])
def test_refusals_are_tfs(call, error, text):
    with pytest.raises(error) as raised:
        call()
    assert str(raised.value) == text


def test_scope_objects_initializers_and_dtypes_given_to_scopes():
    """/work/notes/progs/compat2/p13.py: a scope entered again by its object opens its name scope under the
    open one ('net/net/d:0', as TF 2.21 eagerly); a scope's initializer and dtype reach get_variable."""
    with v1.variable_scope('net', initializer=v1.constant_initializer(0.5)) as net:
        a = v1.get_variable('a', [2])
        assert (a.name, a.numpy().tolist(), net.name, net.original_name_scope) == ('net/a:0', [0.5, 0.5], 'net', 'net/')
    with v1.variable_scope(net):
        assert v1.get_variable('b', [1]).numpy().tolist() == [0.5]
        assert (v1.get_variable_scope().name, tf.Variable(0., name='c').name) == ('net', 'net/c:0')
    with v1.variable_scope('net'):
        with v1.variable_scope(net):
            assert (v1.get_variable_scope().name, tf.Variable(0., name='d').name) == ('net', 'net/net/d:0')
    with v1.variable_scope('f64', dtype=tf.float64):
        assert v1.get_variable('e', [2]).dtype.name == 'float64'
    assert v1.get_variable('k', [2, 2], initializer=tf.keras.initializers.Ones()).numpy().tolist() == [[1.0, 1.0]] * 2
    assert v1.get_variable('zz', [2], initializer=v1.zeros_initializer).numpy().tolist() == [0.0, 0.0]
    assert v1.get_variable('lam', initializer=lambda: tf.ones([3])).numpy().tolist() == [1.0, 1.0, 1.0]
    assert v1.get_variable('cst', initializer=[1, 2, 3]).dtype.name == 'int32'
    with pytest.raises(ValueError) as raised:
        v1.get_variable('bad', initializer=v1.glorot_uniform_initializer())
    assert str(raised.value) == (
        "The initializer passed is not valid. It should be a callable with no arguments and the shape should not be "
        "provided or an instance of `tf.keras.initializers.*' and `shape` should be fully defined.")
    with pytest.raises(ValueError) as raised:
        v1.get_variable('cplx', [2], dtype=tf.complex64)
    assert str(raised.value) == "An initializer for variable cplx of <dtype: 'complex64'> is required"
    assert str(net.reuse) == '_ReuseMode.AUTO_REUSE'
