"""The focal losses print their wrapped function's keyword arguments in Keras 3's order (the order
its constructors pass them), while their configs keep Keras's own order. ``print(model.loss)`` after
``load_model`` showed tapeflow's config order. Values printed by TF 2.21 running the same code
(/work/notes/progs/kerasio35/t_lossrepr.py, u24_loss_objects.py).
"""
import re

from framework import keras


def _shown(loss):
    return re.sub(r'0x[0-9a-f]+', 'X', repr(loss))


def test_binary_focal_prints_keras_kwargs_order():
    loss = keras.losses.BinaryFocalCrossentropy(gamma=1.5, label_smoothing=0.1)
    assert _shown(loss) == (
        "<LossFunctionWrapper(<function binary_focal_crossentropy at X>, kwargs={'apply_class_balancing': False, "
        "'alpha': 0.25, 'gamma': 1.5, 'from_logits': False, 'label_smoothing': 0.1, 'axis': -1})>")
    assert list(loss.get_config()) == ['name', 'reduction', 'from_logits', 'label_smoothing', 'axis',
                                       'apply_class_balancing', 'alpha', 'gamma']


def test_categorical_focal_prints_keras_kwargs_order():
    loss = keras.losses.CategoricalFocalCrossentropy()
    assert _shown(loss) == (
        "<LossFunctionWrapper(<function categorical_focal_crossentropy at X>, kwargs={'alpha': 0.25, 'gamma': 2.0, "
        "'from_logits': False, 'label_smoothing': 0.0, 'axis': -1})>")
    assert list(loss.get_config()) == ['name', 'reduction', 'from_logits', 'label_smoothing', 'axis', 'alpha', 'gamma']


def test_a_reloaded_focal_loss_prints_the_same(tmp_path):
    keras.utils.set_random_seed(24)
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1, activation='sigmoid')])
    model.compile('sgd', keras.losses.BinaryFocalCrossentropy(gamma=1.5, label_smoothing=0.1))
    model.save(str(tmp_path / 'f.keras'))
    loaded = keras.models.load_model(str(tmp_path / 'f.keras'))
    assert _shown(loaded.loss) == (
        "<LossFunctionWrapper(<function binary_focal_crossentropy at X>, kwargs={'apply_class_balancing': False, "
        "'alpha': 0.25, 'gamma': 1.5, 'from_logits': False, 'label_smoothing': 0.1, 'axis': -1})>")
    assert loaded.loss.get_config() == model.loss.get_config()
