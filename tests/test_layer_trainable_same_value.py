"""``layer.trainable = value`` when the layer already holds that very bool changes nothing, as in
TF 2.21: TensorFlow's tracking ``__setattr__`` skips an attribute set to the object it holds, so
Keras's setter never runs and frozen sublayers stay frozen (values printed by TF 2.21 / Keras 3.15)."""
from framework import keras


def _flags(model):
    return [layer.trainable for layer in model.layers]


def test_true_again_leaves_frozen_sublayers_frozen():
    base = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2), keras.layers.Dense(1)])
    for layer in base.layers:
        layer.trainable = False
    base.trainable = True
    assert (base.trainable, _flags(base), len(base.trainable_weights)) == (True, [False, False], 0)
    base.trainable = 1          # not the same object: Keras's setter runs and unfreezes them
    assert (base.trainable, _flags(base), len(base.trainable_weights)) == (True, [True, True], 4)


def test_a_sublayer_already_at_the_value_keeps_its_own_sublayers():
    base = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2), keras.layers.Dense(1)])
    outer = keras.Sequential([keras.Input((3,)), base])
    base.trainable = False
    base.layers[0].trainable = True
    outer.trainable = False     # base is already False: its setter is skipped, Dense(2) stays trainable
    assert (outer.trainable, base.trainable, _flags(base), len(outer.trainable_weights)) == (False, False, [True, False], 0)
