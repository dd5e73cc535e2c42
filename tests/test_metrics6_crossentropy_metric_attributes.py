"""The cross-entropy metrics keep their arguments as Keras 3's attributes.

TF 2.21 (notes progs/metrics6/attrs2.py):
    BinaryCrossentropy(from_logits=True, label_smoothing=0.1)  -> .from_logits True, .label_smoothing 0.1
    CategoricalCrossentropy(from_logits=True, label_smoothing=0.2, axis=0) -> .from_logits, .label_smoothing, .axis 0
    SparseCategoricalCrossentropy(from_logits=True, ignore_class=1, axis=0) -> .from_logits, .ignore_class 1, .axis 0
(tapeflow: AttributeError for each.)
"""
from framework import keras


def test_binary_crossentropy_attributes():
    metric = keras.metrics.BinaryCrossentropy(from_logits=True, label_smoothing=0.1)
    assert (metric.from_logits, metric.label_smoothing) == (True, 0.1)
    assert (keras.metrics.BinaryCrossentropy().from_logits, keras.metrics.BinaryCrossentropy().label_smoothing) == (False, 0)


def test_categorical_crossentropy_attributes():
    metric = keras.metrics.CategoricalCrossentropy(from_logits=True, label_smoothing=0.2, axis=0)
    assert (metric.from_logits, metric.label_smoothing, metric.axis) == (True, 0.2, 0)
    assert keras.metrics.CategoricalCrossentropy().axis == -1


def test_sparse_categorical_crossentropy_attributes():
    metric = keras.metrics.SparseCategoricalCrossentropy(from_logits=True, ignore_class=1, axis=0)
    assert (metric.from_logits, metric.ignore_class, metric.axis) == (True, 1, 0)
    assert keras.metrics.SparseCategoricalCrossentropy().ignore_class is None
    assert not hasattr(metric, 'label_smoothing')       # Keras's SparseCategoricalCrossentropy has none
