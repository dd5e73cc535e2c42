"""A layer whose build takes several shapes is built from the file's shapes_dict when it is loaded.

Keras 3 deserializes each layer of a functional model with build_from_config, which calls
build(**shapes_dict) with the shapes as config.json holds them (lists), before the model calls the
layer. TF 2.21 (/work/notes/progs/kerasio38/p29.py) for
    class TwoArgs(Layer): def build(self, a_shape, b_shape=None): print(a_shape, b_shape) ...
    m = keras.Model([a, b], TwoArgs()(a, b)); m.save('two.keras'); keras.models.load_model('two.keras')
prints "[None, 3] [None, 2]" on loading (and for model_from_json); clone_model calls build with
the tensors' shapes: "(None, 3) (None, 2)". tapeflow built the layer only when the rebuilt model
called it, so loading printed the tuples.
"""
from framework import keras

L = keras.layers
SEEN = []


@keras.saving.register_keras_serializable(package='kerasio38')
class TwoShapes(L.Layer):
    def build(self, a_shape, b_shape=None):
        SEEN.append((a_shape, b_shape))
        self.w = self.add_weight(shape=(a_shape[-1], 2), name='w')

    def call(self, a, b):
        return keras.ops.matmul(a, self.w) + b


def _model():
    a, b = keras.Input((3,), name='a'), keras.Input((2,), name='b')
    return keras.Model([a, b], TwoShapes(name='t')(a, b))


def test_load_model_builds_from_the_saved_lists(tmp_path):
    model = _model()
    model.save(tmp_path / 'two.keras')
    SEEN.clear()
    loaded = keras.models.load_model(tmp_path / 'two.keras')
    assert SEEN == [([None, 3], [None, 2])]
    assert [w.path for w in loaded.weights] == ['t/w'] and loaded.layers[-1].built
    SEEN.clear()
    keras.models.model_from_json(model.to_json())
    assert SEEN == [([None, 3], [None, 2])]


def test_clone_model_builds_from_the_tensors_shapes():
    model = _model()
    SEEN.clear()
    keras.models.clone_model(model)
    assert SEEN == [((None, 3), (None, 2))]
