"""tf.debugging.get_log_device_placement and tf.experimental.extension_type.as_dict.

Expected values and texts are TensorFlow 2.21's, printed by the same program under /opt/tfref/bin/python."""
import pytest

import framework as tf


def test_log_device_placement_reports_the_setting():
    assert tf.debugging.get_log_device_placement() is False
    try:
        tf.debugging.set_log_device_placement(True)
        assert tf.debugging.get_log_device_placement() is True
    finally:
        tf.debugging.set_log_device_placement(False)
    assert tf.debugging.get_log_device_placement() is False


class Point(tf.experimental.ExtensionType):
    x: tf.Tensor
    label: str = 'a'


def test_as_dict_gives_the_fields():
    fields = tf.experimental.extension_type.as_dict(Point(tf.constant([1., 2.])))
    assert type(fields) is dict and list(fields) == ['x', 'label']
    assert fields['label'] == 'a' and fields['x'].numpy().tolist() == [1., 2.]
    with pytest.raises(AttributeError, match="^'int' object has no attribute '_tf_extension_type_fields'$"):
        tf.experimental.extension_type.as_dict(3)
