"""tf.saved_model.save and Model.export log TF's INFO line naming the assets directory.

Golden text: /opt/tfref/bin/python (TF 2.21), fitlogs3 p69 / p70: after tf.get_logger().setLevel('INFO'),
each save writes 'INFO:tensorflow:Assets written to: <export_dir>/assets' (builder_impl, as it copies
the assets); at the default WARNING level nothing.
"""
import logging
import os

import pytest

import framework as tf
from framework import keras


class Records(logging.Handler):
    def __init__(self):
        super().__init__()
        self.messages = []

    def emit(self, record):
        self.messages.append((record.levelname, record.getMessage()))


@pytest.fixture
def tf_records():
    logger = tf.get_logger()
    level, handler = logger.level, Records()
    logger.addHandler(handler)
    yield logger, handler.messages
    logger.removeHandler(handler)
    logger.setLevel(level)


class Scale(tf.Module):
    def __init__(self):
        self.v = tf.Variable(1.0)

    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def f(self, x):
        return x * self.v


def test_at_info_each_save_names_its_assets_directory(tf_records, tmp_path):
    logger, messages = tf_records
    logger.setLevel(logging.INFO)
    first, second = os.path.join(str(tmp_path), 'a'), os.path.join(str(tmp_path), 'b')
    tf.saved_model.save(Scale(), first)
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
    model.export(second, verbose=False)
    assert [m for m in messages if m[1].startswith('Assets')] == [
        ('INFO', 'Assets written to: %s/assets' % first), ('INFO', 'Assets written to: %s/assets' % second)]


def test_at_the_default_level_nothing_is_logged(tf_records, tmp_path):
    logger, messages = tf_records
    logger.setLevel(logging.WARNING)
    tf.saved_model.save(Scale(), str(tmp_path / 'a'))
    assert messages == []


def test_saving_leaves_the_loggers_level_unset_as_tf_does(tf_records, tmp_path):
    logger, messages = tf_records
    logger.setLevel(logging.NOTSET)
    tf.saved_model.save(Scale(), str(tmp_path / 'a'))
    assert logger.level == logging.NOTSET
