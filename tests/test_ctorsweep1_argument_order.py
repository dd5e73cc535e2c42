"""Constructors whose parameters come in Keras 3's order (TF 2.21), so that positional calls and
signature readers (auto_config of subclasses) meet the same parameters: BatchNormalization's
synchronized comes after renorm_momentum, InputLayer's ragged after sparse. tapeflow had
synchronized before renorm and ragged after name."""
import inspect

from framework import keras

L = keras.layers


def test_batch_normalization_order():
    # TF 2.21: renorm_momentum 0.5, synchronized True (the 16th and 17th positional arguments)
    bn = L.BatchNormalization(-1, 0.99, 1e-3, True, True, 'zeros', 'ones', 'zeros', 'ones',
                              None, None, None, None, False, None, 0.5, True)
    config = bn.get_config()
    assert (bn.renorm_momentum, config['renorm_momentum'], config['synchronized']) == (0.5, 0.5, True)
    params = list(inspect.signature(L.BatchNormalization.__init__).parameters)
    assert params[-5:] == ['renorm', 'renorm_clipping', 'renorm_momentum', 'synchronized', 'kwargs']


def test_input_layer_order():
    # TF 2.21: the 6th positional argument is batch_shape: InputLayer(None, None, 'float32', None, None, (None, 5))
    layer = L.InputLayer(None, None, 'float32', None, None, (None, 5))
    assert tuple(layer.output.shape) == (None, 5)
    layer = L.InputLayer((3,), None, 'float32', None, None, None)
    # TF 2.21's config
    assert layer.get_config() == {'batch_shape': (None, 3), 'dtype': 'float32', 'sparse': False, 'ragged': False,
                                  'name': layer.name, 'optional': False}
    params = list(inspect.signature(L.InputLayer.__init__).parameters)
    assert params[1:] == ['shape', 'batch_size', 'dtype', 'sparse', 'ragged', 'batch_shape', 'input_tensor',
                          'optional', 'name', 'kwargs']
