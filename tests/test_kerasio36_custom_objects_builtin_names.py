"""custom_objects naming a built-in layer class, as Keras 3.15 on TF 2.21 reads it.

Keras 3 looks a .keras entry's class up in custom_objects (and custom_object_scope) by its
'registered_name', which is None for its own classes ('module': 'keras.layers'), so a custom
class passed under a built-in's name is not used there; a legacy .h5 entry has only a class name,
which is looked up. Printed by TF 2.21 with

    from tensorflow import keras
    class MyDense(keras.layers.Dense):
        pass
    m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, name='d')])
    m.save('a.keras'); m.save('a.h5')
    type(keras.models.load_model('a.keras', custom_objects={'Dense': MyDense}).layers[0])   # Dense
    type(keras.models.load_model('a.h5', custom_objects={'Dense': MyDense}).layers[0])      # MyDense

tapeflow used MyDense for the .keras file too, whose weights it then could not find ("A total of
1 objects could not be loaded ... Layer 'd' expected 2 variables, but received 0 variables").
"""
import numpy as np
import pytest

from framework import keras


class MyDense(keras.layers.Dense):
    pass


def _model():
    keras.utils.set_random_seed(0)
    return keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, name='d')])


def test_keras_file_keeps_the_builtin_class(tmp_path):
    model = _model()
    path = str(tmp_path / 'a.keras')
    model.save(path)
    x = np.linspace(-1, 1, 6, dtype='float32').reshape(2, 3)
    loaded = keras.models.load_model(path, custom_objects={'Dense': MyDense})
    assert type(loaded.layers[0]) is keras.layers.Dense
    np.testing.assert_array_equal(loaded.predict(x, verbose=0), model.predict(x, verbose=0))
    with keras.utils.custom_object_scope({'Dense': MyDense}):
        assert type(keras.models.load_model(path).layers[0]) is keras.layers.Dense
    entry = keras.layers.serialize(model.layers[0])
    assert type(keras.layers.deserialize(entry, custom_objects={'Dense': MyDense})) is keras.layers.Dense
    assert type(keras.utils.deserialize_keras_object(entry, custom_objects={'Dense': MyDense})) is keras.layers.Dense


def test_legacy_h5_file_takes_the_custom_class(tmp_path):
    model = _model()
    path = str(tmp_path / 'a.h5')
    model.save(path)
    loaded = keras.models.load_model(path, custom_objects={'Dense': MyDense})
    assert type(loaded.layers[0]) is MyDense
    np.testing.assert_array_equal(loaded.get_weights()[0], model.get_weights()[0])


def test_an_entry_without_module_still_takes_the_custom_class():
    # a Keras 2 style entry ({'class_name', 'config'} only): Keras 3 looks the class name up
    config = keras.layers.serialize(keras.layers.Dense(2, name='d'))
    legacy = {'class_name': config['class_name'], 'config': config['config']}
    assert type(keras.layers.deserialize(legacy, custom_objects={'Dense': MyDense})) is MyDense


def test_custom_objects_do_not_replace_a_builtin_optimizer(tmp_path):
    # TF 2.21: Keras lower-cases a built-in optimizer's name before its lookup, so
    # load_model(..., custom_objects={'Adam': keras.optimizers.SGD}) compiles with Adam (either format)
    model = _model()
    model.compile(keras.optimizers.Adam(0.01), 'mean_squared_error')
    for name in ('a.keras', 'a.h5'):
        model.save(str(tmp_path / name))
        loaded = keras.models.load_model(str(tmp_path / name), custom_objects={'Adam': keras.optimizers.SGD})
        assert type(loaded.optimizer) is keras.optimizers.Adam
    config = keras.optimizers.serialize(keras.optimizers.Adam(0.01))
    assert type(keras.optimizers.deserialize(config, custom_objects={'Adam': keras.optimizers.SGD})) is \
        keras.optimizers.Adam
    # a key spelled as Keras looks it up ('adam') is still taken: SGD then refuses Adam's arguments, as on TF
    with pytest.raises(ValueError, match=r"^Argument\(s\) not recognized: \{'beta_1': 0.9"):
        keras.optimizers.deserialize(dict(config, registered_name='adam'), custom_objects={'adam': keras.optimizers.SGD})
