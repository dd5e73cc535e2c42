"""tf.saved_model.save of a Keras 3 model, then tf.saved_model.load: TF 2.21 revives it as a bare
_UserObject holding only what its object graph tracked: sublayers, weights (a Dense's kernel is tracked as
'_kernel', so no 'kernel'), lists of layers (a ListWrapper of revived objects), tf.Variables, the optimizer
(revived too) and tf.functions; no layers, variables, weights, predict, call, name or built, no plain Python
values. Its variables are plain tf.Variables. tapeflow handed back the Keras model itself behind the proxy
(loaded.layers, loaded.variables, loaded.predict worked; loaded.a was the Dense). Loaded objects print as
TF's class (probes /work/notes/progs/kerasio49/p13.py, p16.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

L = keras.layers
_USER_OBJECT = '<tensorflow.python.saved_model.load.Loader._recreate_base_user_object.<locals>._UserObject object at 0x'


class _Net(keras.Model):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.a = L.Dense(3)
        self.lst = [L.Dense(2)]
        self.scale = tf.Variable(2.0)
        self.k = 3

    def call(self, t):
        return self.lst[0](self.a(t)) * self.scale

    @tf.function(input_signature=[tf.TensorSpec((None, 4), tf.float32)])
    def twice(self, t):
        return self(t) * 2.0


@pytest.fixture
def loaded_net(tmp_path):
    net = _Net()
    net(np.ones((1, 4), 'float32'))
    net.compile('adam', 'mse')
    net.fit(np.ones((2, 4), 'float32'), np.ones((2, 2), 'float32'), verbose=0)
    tf.saved_model.save(net, str(tmp_path / 'sn'))
    return net, tf.saved_model.load(str(tmp_path / 'sn'))


@pytest.mark.parametrize('name', ['k', 'variables', 'trainable_variables', 'layers', 'predict', 'call', 'name',
                                  'built', 'weights', 'inputs'])
def test_keras_model_attributes_not_revived(loaded_net, name):
    # TF 2.21: AttributeError for each
    with pytest.raises(AttributeError, match="^'_UserObject' object has no attribute '%s'$" % name):
        getattr(loaded_net[1], name)


def test_tracked_children_revived(loaded_net):
    net, loaded = loaded_net
    assert type(loaded).__name__ == '_UserObject' and not callable(loaded)
    assert repr(loaded).startswith(_USER_OBJECT) and repr(loaded.a).startswith(_USER_OBJECT)
    assert repr(loaded.optimizer).startswith(_USER_OBJECT)
    assert repr(loaded.lst).startswith('ListWrapper([' + _USER_OBJECT)
    assert repr(loaded.scale) == "<tf.Variable 'Variable:0' shape=() dtype=float32, numpy=2.0>"   # TF 2.21's
    assert repr(loaded.call_signature_parameters) == 'ListWrapper([])'
    assert tuple(loaded.lst[0].bias.shape) == (2,)
    with pytest.raises(AttributeError, match="^'_UserObject' object has no attribute 'kernel'$"):
        loaded.a.kernel         # (Keras 3 tracks it as '_kernel')
    for name in ('variables', 'iterations', 'learning_rate'):
        with pytest.raises(AttributeError, match="object has no attribute '%s'" % name):
            getattr(loaded.optimizer, name)
    x = np.ones((1, 4), 'float32')
    np.testing.assert_allclose(loaded.twice(x).numpy(), net.twice(x).numpy(), rtol=1e-6)


def test_sequential_revived_variables(tmp_path):
    model = keras.Sequential([keras.Input((3,), name='feat'), L.Dense(2, name='d')], name='seq')
    tf.saved_model.save(model, str(tmp_path / 'ss'))
    loaded = tf.saved_model.load(str(tmp_path / 'ss'))
    with pytest.raises(AttributeError, match="^'_UserObject' object has no attribute 'layers'$"):
        loaded.layers
    sig = loaded.signatures['serving_default']
    # TF 2.21's names: plain tf.Variables named by the Keras paths
    assert [v.name for v in sig.variables] == ['seq/d/kernel:0', 'seq/d/bias:0']
    x = np.ones((2, 3), 'float32')
    np.testing.assert_allclose(sig(inputs=x)['output_0'].numpy(), model(x).numpy(), rtol=1e-6)


class _Child(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(1.0)


class _Parent(tf.Module):
    def __init__(self):
        super().__init__()
        self.c = _Child()
        self.lst = [_Child()]
        self.w = tf.Variable(2.0)

    @tf.function(input_signature=[tf.TensorSpec((), tf.float32)])
    def f(self, x):
        return x * self.w


def test_only_the_root_has_signatures_and_versions(tmp_path):
    tf.saved_model.save(_Parent(), str(tmp_path / 'sp'))
    loaded = tf.saved_model.load(str(tmp_path / 'sp'))
    # TF 2.21's lists (its root also has graph_debug_info, which tapeflow lacks)
    assert [d for d in dir(loaded) if not d.startswith('_') and d != 'graph_debug_info'] == \
        ['c', 'f', 'lst', 'signatures', 'tensorflow_git_version', 'tensorflow_version', 'w']
    assert loaded.tensorflow_version == tf.version.VERSION
    for child in (loaded.c, loaded.lst[0]):
        # TF 2.21: a revived child (in a list too) lists its own children only
        assert repr(child).startswith(_USER_OBJECT)
        assert [d for d in dir(child) if not d.startswith('_')] == ['v']
        for name in ('signatures', 'tensorflow_version', 'variables', 'name'):
            with pytest.raises(AttributeError, match="^'_UserObject' object has no attribute '%s'$" % name):
                getattr(child, name)
    assert float(loaded.lst[0].v.numpy()) == 1.0


def test_keras_model_dir(loaded_net):
    _, loaded = loaded_net
    # TF 2.21's lists, graph_debug_info aside
    assert [d for d in dir(loaded) if not d.startswith('_') and d != 'graph_debug_info'] == \
        ['a', 'call_signature_parameters', 'lst', 'optimizer', 'scale', 'signatures', 'tensorflow_git_version',
         'tensorflow_version', 'twice']
    assert [d for d in dir(loaded.a) if not d.startswith('_')] == ['bias', 'call_signature_parameters']
