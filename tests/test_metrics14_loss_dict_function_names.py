"""keras.losses.deserialize / get of a config dict whose class_name is a loss function's name: Keras 3's
deserialize with its module table reads the dict as that name alone, so TF 2.21 returns the function (its
config unread) and refuses a short name ('mse', 'kld') with the bare name's error."""
import pytest

from framework import keras


@pytest.mark.parametrize('fn', ['deserialize', 'get'])
@pytest.mark.parametrize('config', [{}, {'a': 1}, None])
@pytest.mark.parametrize('name', ['mean_squared_error', 'huber', 'categorical_crossentropy', 'log_cosh', 'dice'])
def test_function_name_dict_is_the_function(fn, config, name):
    # TF 2.21 gives the function itself (its __name__ is the name)
    got = getattr(keras.losses, fn)({'class_name': name, 'config': config})
    assert got is getattr(keras.losses, name)


@pytest.mark.parametrize('fn', ['deserialize', 'get'])
@pytest.mark.parametrize('name', ['mse', 'mae', 'kld', 'MSE'])
def test_short_name_dict_refused_as_keras(fn, name):
    # TF 2.21: ValueError "Could not deserialize 'keras.metrics.mse' because it is not a KerasSaveable subclass"
    with pytest.raises(ValueError) as err:
        getattr(keras.losses, fn)({'class_name': name, 'config': {}})
    assert str(err.value) == ("Could not deserialize 'keras.metrics.%s' because it is not a KerasSaveable subclass"
                              % name)


def test_unknown_and_class_dicts_unchanged():
    # TF 2.21: an unknown name comes back from deserialize and get refuses it; a class builds from its config
    # (Huber with delta 2 scores 3 as 4.0; its get_config is {'name': 'huber_loss', 'reduction': ...})
    assert keras.losses.deserialize({'class_name': 'xyz', 'config': {}}) == 'xyz'
    with pytest.raises(ValueError, match=r"^Could not interpret loss identifier: \{'class_name': 'xyz'"):
        keras.losses.get({'class_name': 'xyz', 'config': {}})
    loss = keras.losses.get({'class_name': 'Huber', 'config': {'delta': 2.0}})
    assert type(loss).__name__ == 'Huber' and float(loss([[0.]], [[3.]])) == 4.0
