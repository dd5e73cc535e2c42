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
