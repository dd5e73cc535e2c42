"""summary() of a subclassed model asks a user's sublayer for its output shape as Keras 3 does.

Keras 3's format_layer_shape calls ``layer.compute_output_shape(**layer._build_shapes_dict)``, the
build shapes keyed by build()'s own argument name, also when the parent's build() built the sublayer
directly; only NotImplementedError shows '?'. Goldens printed by TF 2.21 + Keras 3
(/work/notes/progs/modelfuzz7/p24.py-p27.py; p27.py is this file's models).
"""
import pytest

from framework import keras


@pytest.fixture(autouse=True)
def fresh_names():
    keras.backend.clear_session()
    yield
    keras.backend.clear_session()


class Block(keras.layers.Layer):
    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1], 8))

    def call(self, x):
        return x @ self.w

    def compute_output_shape(self, input_shape):
        return input_shape[:-1] + (8,)


class OtherName(Block):
    def compute_output_shape(self, s):        # not build()'s argument name
        return s[:-1] + (8,)


class Net(keras.Model):
    def __init__(self, block):
        super().__init__(name='net')
        self.b1 = block(name='b1')
        self.out = keras.layers.Dense(4)

    def build(self, input_shape):        # builds its sublayers directly, as keras.io examples do
        self.b1.build(input_shape)
        self.out.build(input_shape[:-1] + (8,))
        self.built = True

    def call(self, x):
        return self.out(self.b1(x))


def test_compute_output_shape_named_as_build_shows_the_shape(capsys):
    model = Net(Block)
    model.build((None, 5))
    model.summary()
    assert '│ b1 (Block)                      │ (None, 8)              │            40 │' in capsys.readouterr().out


def test_compute_output_shape_named_otherwise_fails_as_in_keras():
    model = Net(OtherName)
    model.build((None, 5))
    # TF 2.21 (its Block): TypeError: Block.compute_output_shape() got an unexpected keyword argument 'input_shape'
    with pytest.raises(TypeError, match=r"^OtherName\.compute_output_shape\(\) got an unexpected keyword argument "
                                        r"'input_shape'$"):
        model.summary()
