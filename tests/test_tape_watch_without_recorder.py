"""A tape used outside its ``with`` block fails its watch at the first element, after that element's dtype
warning, as TF 2.21 does (printed by TF: 'WARNING:tensorflow:The dtype of the watched tensor must be floating
(e.g. tf.float32), got tf.int32', then AttributeError "'NoneType' object has no attribute '_tape'"); an empty
structure passes, and a non-tensor is the ValueError first."""
import logging

import pytest

import framework as tf


def test_integer_watch_warns_before_the_recorder_error(caplog):
    with caplog.at_level(logging.WARNING):
        with pytest.raises(AttributeError, match="'NoneType' object has no attribute '_tape'"):
            tf.GradientTape().watch([tf.constant(1), tf.constant(2.)])
    assert any('The dtype of the watched tensor must be floating' in r.getMessage() for r in caplog.records)


def test_empty_structure_passes_and_non_tensor_is_refused_first():
    tf.GradientTape().watch([])
    with pytest.raises(ValueError, match="Passed in object a of type 'str'"):
        tf.GradientTape().watch('a')
    with pytest.raises(AttributeError, match="'_tape'"):
        tf.GradientTape().watch(tf.constant(3.))
