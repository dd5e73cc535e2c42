"""keras.Input(tensor=t) / InputLayer(input_tensor=t) hand back ``t`` itself, as Keras 3 (TF 2.21) does, and refuse
an argument that disagrees with it in Keras 3's words. A hyperparameter loop's
``clone_model(seq, input_tensors=keras.Input((10,), name='renamed'))`` then shows 'renamed' as the clone's input
(tapeflow made a new tensor named after the source's InputLayer: 'input_layer').

Golden lines were printed by TF 2.21 / Keras 3 (progs/tutorials45/clone_loop.py and the probe t45_inp2.py there).
"""
import pytest

from framework import keras


def test_input_of_a_tensor_is_that_tensor():
    t = keras.Input((3,), name="renamed")
    u = keras.Input(tensor=t, name="other")
    assert u is t and u.name == "renamed"       # TF 2.21: True renamed
    for fitting in (dict(shape=(3,)), dict(batch_shape=(None, 3)), dict(dtype="float32"), dict(sparse=False)):
        assert keras.Input(tensor=t, **fitting) is t
    layer = keras.layers.InputLayer(input_tensor=t, name="il")
    assert layer.output is t
    # TF 2.21's config
    assert layer.get_config() == {'batch_shape': (None, 3), 'dtype': 'float32', 'sparse': False, 'ragged': False,
                                  'name': 'il', 'optional': False}


@pytest.mark.parametrize("given, argument", [
    (dict(shape=(4,)), "shape"), (dict(batch_size=2), "batch_size"), (dict(batch_shape=(1, 3)), "batch_shape"),
    (dict(dtype="int32"), "dtype"), (dict(sparse=True), "sparse")])
def test_incompatible_argument_is_refused(given, argument):
    t = keras.Input((3,))
    with pytest.raises(ValueError) as raised:
        keras.Input(tensor=t, **given)
    # TF 2.21's text
    assert str(raised.value) == ("When providing the `input_tensor` argument, you cannot provide an incompatible "
                                 "`%s` argument." % argument)


def test_sequential_clone_keeps_the_given_input():
    keras.backend.clear_session()
    seq = keras.Sequential([keras.Input((10,)), keras.layers.Dense(4, activation="tanh"), keras.layers.Dense(1)])
    given = keras.Input((10,), name="renamed")
    clone = keras.models.clone_model(seq, input_tensors=given)
    assert clone.inputs[0] is given and clone.inputs[0].name == "renamed"     # TF 2.21: renamed
    assert [layer.name for layer in clone.layers] == ["dense", "dense_1"]     # TF 2.21 (clones keep names)
    assert len(clone.weights) == 4
