"""Conv3DTranspose lists Keras 3's parameters (TF 2.21): activation ... bias_constraint after dilation_rate, so a
positional call reaches them; tapeflow's signature ended at dilation_rate (the 8th positional argument was a
TypeError)."""
import inspect

import numpy as np

from framework import keras


def test_signature_and_positional_arguments():
    C = keras.layers.Conv3DTranspose
    assert list(inspect.signature(C.__init__).parameters)[1:] == [
        'filters', 'kernel_size', 'strides', 'padding', 'data_format', 'output_padding', 'dilation_rate',
        'activation', 'use_bias', 'kernel_initializer', 'bias_initializer', 'kernel_regularizer', 'bias_regularizer',
        'activity_regularizer', 'kernel_constraint', 'bias_constraint', 'kwargs']
    layer = C(2, 2, 1, 'valid', None, None, 1, 'relu', False, 'ones', 'zeros', keras.regularizers.L2(0.5), None,
              'l1', keras.constraints.NonNeg(), None)
    y = layer(np.ones((1, 2, 2, 2, 1), 'float32'))
    config = layer.get_config()
    assert (config['activation'], config['use_bias'], config['kernel_regularizer']['class_name'],
            config['activity_regularizer']['class_name'], config['kernel_constraint']['class_name']) == \
        ('relu', False, 'L2', 'L1', 'NonNeg')
    # TF 2.21: sum 128.0, losses [1.28, 8.0] (activity L1, kernel L2)
    assert float(np.asarray(y).sum()) == 128.0
    np.testing.assert_allclose([float(v) for v in layer.losses], [1.28, 8.0], rtol=1e-6)
