"""get_build_config() after a build called by hand, as Keras 3's build wrapper records it (TF 2.21):
every build that completes records the arguments it was given, the latest winning, a user's build
its own argument rather than the one its super().build(...) passes on, several shapes as shapes_dict."""
from framework import keras


class _Stateless(keras.layers.Layer):
    def build(self, input_shape):
        pass

    def call(self, x):
        return x


class _PassesOther(keras.layers.Layer):
    def build(self, input_shape):
        super().build((None, 99))


class _Refuses(keras.layers.Layer):
    def build(self, input_shape):
        if input_shape[-1] == 7:
            raise ValueError('no')


class _TwoShapes(keras.layers.Layer):
    def build(self, a_shape, b_shape=None):
        pass


def test_a_second_build_by_hand_records_its_shape():
    layer = _Stateless()
    layer.build((None, 2))
    assert layer.get_build_config() == {'input_shape': (None, 2)}
    layer.build((None, 3))
    # TF 2.21 gives {'input_shape': (None, 3)} (tapeflow kept (None, 2))
    assert layer.get_build_config() == {'input_shape': (None, 3)}
    layer.build([None, 5, 2])
    assert layer.get_build_config() == {'input_shape': [None, 5, 2]}     # as given: a list stays a list


def test_a_build_after_a_call_records_the_new_shape():
    layer = _Stateless()
    layer(keras.ops.ones((2, 3)))
    assert layer.get_build_config() == {'input_shape': (2, 3)}
    layer.build((None, 8))
    assert layer.get_build_config() == {'input_shape': (None, 8)}       # TF 2.21 gives (None, 8)


def test_the_outer_build_argument_is_recorded():
    layer = _PassesOther()
    layer.build((None, 2))
    assert layer.get_build_config() == {'input_shape': (None, 2)}       # TF 2.21; tapeflow gave (None, 99)
    layer.build([None, 3])
    assert layer.get_build_config() == {'input_shape': [None, 3]}


def test_a_failed_build_records_nothing():
    layer = _Refuses()
    layer.build((None, 2))
    try:
        layer.build((None, 7))
    except ValueError:
        pass
    assert layer.get_build_config() == {'input_shape': (None, 2)}


def test_several_shapes_by_hand_are_a_shapes_dict():
    layer = _TwoShapes()
    layer.build((None, 2), b_shape=(None, 3))
    # TF 2.21 gives {'shapes_dict': {'a_shape': (None, 2), 'b_shape': (None, 3)}} (tapeflow: the first only)
    assert layer.get_build_config() == {'shapes_dict': {'a_shape': (None, 2), 'b_shape': (None, 3)}}
    layer.build((1, 2))
    assert layer.get_build_config() == {'input_shape': (1, 2)}


def test_a_dense_built_again_keeps_its_first_shape():
    layer = keras.layers.Dense(3)
    layer.build((None, 4))
    try:
        layer.build((None, 5))      # add_weight on a built layer: Keras's state-lock ValueError
    except ValueError:
        pass
    assert layer.get_build_config() == {'input_shape': (None, 4)}
    assert tuple(layer.kernel.shape) == (4, 3)
