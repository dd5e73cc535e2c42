"""MirroredStrategy logs TF's INFO line naming its devices; shown only once the 'tensorflow' logger is at INFO.

Golden text: /opt/tfref/bin/python (TF 2.21) on this CPU machine, fitlogs3 p68: after
tf.get_logger().setLevel('INFO'), MirroredStrategy() and MirroredStrategy(['/cpu:0']) each write
"INFO:tensorflow:Using MirroredStrategy with devices ('/job:localhost/replica:0/task:0/device:CPU:0',)";
at the default level (WARNING) nothing; OneDeviceStrategy logs nothing.
"""
import logging

import pytest

import framework as tf

TF_TEXT = "Using MirroredStrategy with devices ('/job:localhost/replica:0/task:0/device:CPU:0',)"


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


def test_at_info_each_mirrored_strategy_names_its_devices(tf_records):
    logger, messages = tf_records
    logger.setLevel(logging.INFO)
    tf.distribute.MirroredStrategy()
    tf.distribute.MirroredStrategy(['/cpu:0'])
    tf.distribute.OneDeviceStrategy('/cpu:0')
    assert messages == [('INFO', TF_TEXT)] * 2


def test_at_the_default_level_nothing_is_logged(tf_records):
    logger, messages = tf_records
    logger.setLevel(logging.WARNING)
    tf.distribute.MirroredStrategy()
    assert messages == []


def test_the_strategy_leaves_the_loggers_level_unset_as_tf_does(tf_records):
    # TF 2.21: logging.getLogger('tensorflow').level is 0 before and after MirroredStrategy()
    logger, messages = tf_records
    logger.setLevel(logging.NOTSET)
    tf.distribute.MirroredStrategy()
    assert logger.level == logging.NOTSET
