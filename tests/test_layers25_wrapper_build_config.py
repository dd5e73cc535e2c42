"""A TimeDistributed built by hand records its own input shape, as Keras 3's build wrapper does (TF 2.21):
TimeDistributed(Dense(2)).build((2, 3, 4)) has the build config {'input_shape': (2, 3, 4)}. tapeflow recorded
the shape TimeDistributed.build passed on to Wrapper.build, (2, 4), so deserializing the layer, or loading a
.keras model holding it, failed with "`TimeDistributed` Layer should be passed an `input_shape` with at least
3 dimensions, received: (2, 4)" (probe /work/notes/progs/layers25/w3.py)."""
import pytest

from framework import keras

L = keras.layers


@pytest.mark.parametrize('make, shape, inner', [
    (lambda: L.TimeDistributed(L.Dense(2)), (2, 3, 4), (2, 4)),
    (lambda: L.TimeDistributed(L.Conv2D(2, 3)), (None, 3, 8, 8, 2), (None, 8, 8, 2)),
    (lambda: L.TimeDistributed(L.BatchNormalization()), (None, 5, 4), (None, 4)),
    (lambda: L.TimeDistributed(L.TimeDistributed(L.Dense(3))), (None, 2, 3, 4), (None, 3, 4)),
])
def test_time_distributed_built_by_hand(make, shape, inner):
    layer = make()
    layer.build(shape)
    # TF 2.21: the wrapper's own shape; its layer's shape without the time axis
    assert layer.get_build_config() == {'input_shape': shape}
    assert layer.layer.get_build_config() == {'input_shape': inner}
    again = L.deserialize(L.serialize(layer))
    assert again.built
    assert [tuple(w.shape) for w in again.weights] == [tuple(w.shape) for w in layer.weights]


def test_model_with_hand_built_time_distributed_loads(tmp_path):
    layer = L.TimeDistributed(L.BatchNormalization())
    layer.build((None, 5, 4))
    inputs = keras.Input((5, 4))
    model = keras.Model(inputs, layer(inputs))
    model.save(str(tmp_path / 'm.keras'))
    loaded = keras.models.load_model(str(tmp_path / 'm.keras'))
    assert [(w.name, tuple(w.shape)) for w in loaded.weights] == [(w.name, tuple(w.shape)) for w in model.weights]
    assert loaded.layers[1].get_build_config() == {'input_shape': [None, 5, 4]}     # TF 2.21: a list (JSON)
