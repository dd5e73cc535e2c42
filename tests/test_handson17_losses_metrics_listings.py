"""``dir(keras.losses)`` / ``dir(keras.metrics)`` list Keras 3.15's names, not tapeflow's submodules and
helpers (``regression``, ``focal``, ``mean_squared_error`` ...); Hands-On ML prints such listings
(ch. 11/12, and ch. 18's DQN cell reaches for a loss by name).

Golden lists printed by TensorFlow 2.21 + Keras 3.15 (``from tensorflow import keras``):
``[n for n in dir(keras.losses) if not n.startswith('_')]`` and the same for ``keras.metrics``
(probe /work/notes/progs/handson17/ns.py).
"""
import pytest

from framework import keras

LOSSES_HEAD = ['BinaryCrossentropy', 'BinaryFocalCrossentropy', 'CTC', 'CategoricalCrossentropy']
LOSSES_TAIL = ['poisson', 'serialize', 'sparse_categorical_crossentropy', 'squared_hinge', 'tversky']
METRICS_TAIL = ['sparse_categorical_accuracy', 'sparse_categorical_crossentropy', 'sparse_top_k_categorical_accuracy',
                'squared_hinge', 'top_k_categorical_accuracy']


@pytest.mark.parametrize('module, count, head, tail', [
    (lambda: keras.losses, 55, LOSSES_HEAD, LOSSES_TAIL),
    (lambda: keras.metrics, 78, ['AUC', 'Accuracy', 'BinaryAccuracy'], METRICS_TAIL),
], ids=['losses', 'metrics'])
def test_listing_is_kerass(module, count, head, tail):
    listed = [name for name in dir(module()) if not name.startswith('_')]
    assert len(listed) == count
    assert listed[:len(head)] == head and listed[-len(tail):] == tail
    assert listed == sorted(listed)
    for helper in ('mean_squared_error', 'regression', 'registry', 'reduction', 'kl_divergence'):
        assert helper not in listed
    assert all(hasattr(module(), name) for name in listed)


def test_star_import_binds_kerass_names():
    names = {}
    exec('from framework.keras.losses import *', names)
    assert 'MeanSquaredError' in names and 'kullback_leibler_divergence' in names
    assert 'regression' not in names and 'mean_squared_error' not in names


def test_helpers_stay_reachable_and_missing_names_note_lists_kerass():
    assert callable(keras.losses.mean_squared_error) and callable(keras.metrics.mean_squared_error)
    with pytest.raises(AttributeError, match="module 'keras.losses' has no attribute 'concordance'") as info:
        keras.losses.concordance
    note = info.value.__notes__[0]
    assert note.startswith('keras.losses names: BinaryCrossentropy, ') and 'regression' not in note
