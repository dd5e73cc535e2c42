"""keras.saving.get_registered_name as Keras 3's on TF 2.21: the registered 'Package>Name' of a class or
function, else its __name__; an instance has no __name__ (probe /work/notes/progs/kerasio50/p5.py)."""
import pytest

from framework import keras


@keras.saving.register_keras_serializable(package='kerasio50', name='Sc')
class _Scale(keras.layers.Layer):
    def __init__(self, f=2.0, **kw):
        super().__init__(**kw)
        self.f = f

    def get_config(self):
        return {**super().get_config(), 'f': self.f}


def test_classes_and_functions_give_their_names():
    class Plain(keras.layers.Layer):
        pass

    def plain_function(x):
        return x
    assert keras.saving.get_registered_name(_Scale) == 'kerasio50>Sc'
    assert keras.saving.get_registered_name(Plain) == 'Plain'
    assert keras.saving.get_registered_name(plain_function) == 'plain_function'


def test_an_instance_has_no_name():
    # TF 2.21: AttributeError "'Scale' object has no attribute '__name__'" (tapeflow returned 'Scale')
    with pytest.raises(AttributeError, match=r"^'_Scale' object has no attribute '__name__'$"):
        keras.saving.get_registered_name(_Scale(1.0))
    with pytest.raises(AttributeError, match=r"^'Dense' object has no attribute '__name__'$"):
        keras.saving.get_registered_name(keras.layers.Dense(2))
