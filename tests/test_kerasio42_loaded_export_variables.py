"""tf.saved_model.load of a Keras export: its variables are plain tf.Variables named by their Keras paths,
in ListWrappers, the ones its endpoints read; every loaded root has TF's version attributes; a
TFSMLayer's weights have their names as paths.

Golden values printed by TF 2.21 (/work/notes/progs/kerasio42/p12.py):
    m = keras.Sequential([keras.Input((3,)), Dense(2, name='d'), BatchNormalization(name='bn')], name='seq')
    m.export('exp1'); l = tf.saved_model.load('exp1')
    print(l.variables)  ->  ListWrapper([<tf.Variable 'seq/d/kernel:0' shape=(3, 2) dtype=float32, numpy=...>, ...])
    l.trainable_variables[0].name -> 'seq/d/kernel:0'; l.variables[1].dtype -> <dtype: 'float32'>
    l.variables[1].trainable = False -> AttributeError "property 'trainable' of ... object has no setter"
    l.tensorflow_version -> '2.21.0'
    keras.export.ExportArchive (track, add_endpoint, add_variable_collection('extra', [kernel])):
        l2.extra -> ListWrapper([<tf.Variable 'seq/d/kernel:0' ...>])
    [w.path for w in keras.layers.TFSMLayer('exp1').weights] -> ['seq_d_kernel:0', ...]
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

X = np.arange(6, dtype='float32').reshape(2, 3)


def _model():
    keras.utils.set_random_seed(1)
    return keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, name='d'),
                             keras.layers.BatchNormalization(name='bn')], name='seq')


def test_exported_variables_load_as_tf_variables(tmp_path):
    model = _model()
    model.export(str(tmp_path / 'exp'), verbose=False)
    loaded = tf.saved_model.load(str(tmp_path / 'exp'))
    assert repr(loaded.variables).startswith("ListWrapper([<tf.Variable 'seq/d/kernel:0' shape=(3, 2) dtype=float32, "
                                             'numpy=\narray([[')
    assert [v.name for v in loaded.trainable_variables] == ['seq/d/kernel:0', 'seq/d/bias:0', 'seq/bn/gamma:0',
                                                            'seq/bn/beta:0']
    assert [v.name for v in loaded.non_trainable_variables] == ['seq/bn/moving_mean:0', 'seq/bn/moving_variance:0']
    assert repr(loaded.variables[1].dtype) == "tf.float32"
    with pytest.raises(AttributeError, match="property 'trainable' of '.*' object has no setter"):
        loaded.variables[1].trainable = False
    assert loaded.tensorflow_version == tf.version.VERSION
    # the endpoint reads the same variables
    loaded.variables[1].assign([1., 2.])
    expected = model(X).numpy() + np.array([1., 2.]) / np.sqrt(1 + 1e-3)
    np.testing.assert_allclose(loaded.serve(X).numpy(), expected, atol=1e-6)


def test_export_archive_collections_load_as_tf_variables(tmp_path):
    model = _model()
    model(X)
    archive = keras.export.ExportArchive()
    archive.track(model)
    archive.add_endpoint('go', model.call, input_signature=[tf.TensorSpec((None, 3), tf.float32)])
    archive.add_variable_collection('extra', [model.layers[0].kernel])
    archive.write_out(str(tmp_path / 'exp'), verbose=False)
    loaded = tf.saved_model.load(str(tmp_path / 'exp'))
    assert type(loaded.extra).__name__ == 'ListWrapper'
    assert [v.name for v in loaded.extra] == ['seq/d/kernel:0']
    assert loaded.variables[0] is loaded.extra[0]
    assert loaded.tensorflow_git_version == tf.version.GIT_VERSION
    # the model exported is not changed by the save
    assert model.layers[0].kernel.name == 'kernel' and model.layers[0].kernel.path == 'seq/d/kernel'


def test_tfsm_layer_weight_paths_are_their_names(tmp_path):
    _model().export(str(tmp_path / 'exp'), verbose=False)
    layer = keras.layers.TFSMLayer(str(tmp_path / 'exp'))
    names = ['seq_d_kernel:0', 'seq_d_bias:0', 'seq_bn_gamma:0', 'seq_bn_beta:0', 'seq_bn_moving_mean:0',
             'seq_bn_moving_variance:0']
    assert [w.name for w in layer.weights] == names
    assert [w.path for w in layer.weights] == names
