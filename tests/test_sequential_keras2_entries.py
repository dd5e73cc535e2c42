"""Sequential.from_config reads a layer entry without 'module' (Keras 2's form, as in tf.keras 2 JSON
and legacy .h5 files) as Keras 3 does, with its legacy reader: BatchNormalization's one-item axis
list [1] becomes the int 1 (TF 2.21 / Keras 3.15 print ['dense', 'bn', 'dropout', 'dense_1'] 1 0.9 True)."""
from framework import keras


def _keras2_sequential_config():
    dense = {'units': 3, 'activation': 'relu', 'use_bias': True, 'trainable': True, 'dtype': 'float32',
             'kernel_initializer': {'class_name': 'GlorotUniform', 'config': {'seed': None}},
             'bias_initializer': {'class_name': 'Zeros', 'config': {}}}
    return {'name': 'sequential', 'layers': [
        {'class_name': 'InputLayer', 'config': {'batch_input_shape': [None, 4], 'dtype': 'float32',
                                                'sparse': False, 'ragged': False, 'name': 'dense_input'}},
        {'class_name': 'Dense', 'config': dict(dense, name='dense', batch_input_shape=[None, 4])},
        {'class_name': 'BatchNormalization', 'config': {'name': 'bn', 'axis': [1], 'momentum': 0.9}},
        {'class_name': 'Dropout', 'config': {'name': 'dropout', 'trainable': True, 'dtype': 'float32',
                                             'rate': 0.5, 'noise_shape': None, 'seed': None}},
        {'class_name': 'Dense', 'config': dict(dense, name='dense_1', units=1, activation='sigmoid')}]}


def test_keras2_entries_load_with_the_legacy_axis_rule():
    model = keras.Sequential.from_config(_keras2_sequential_config())
    bn = model.get_layer('bn')
    assert ([layer.name for layer in model.layers], bn.axis, bn.momentum, model.built) == \
        (['dense', 'bn', 'dropout', 'dense_1'], 1, 0.9, True)
    assert [tuple(w.shape) for w in model.weights][:2] == [(4, 3), (3,)]
