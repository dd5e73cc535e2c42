"""TF 1 names a ported eager program meets and TF 2.21 answers eagerly (/work/notes/progs/compat2/p16.py,
p17.py, p18.py): tf.metrics' streaming metrics and v1.summary.FileWriter refuse with TF's RuntimeError,
nn.rnn_cell is Keras 2's (refused as with Keras 3), nn.xw_plus_b computes, to_float & co. log TF's notice."""

import numpy as np
import pytest

import framework as tf

v1 = tf.compat.v1


@pytest.mark.parametrize('name, text_name', [
    ('accuracy', 'accuracy'), ('mean', 'mean'), ('precision', 'precision'), ('auc', 'auc'),
    ('mean_squared_error', 'mean_squared_error'), ('precision_at_k', 'sparse_precision_at_k'),
    ('average_precision_at_k', 'sparse_average_precision_at_k'), ('recall', 'recall is not supported'),
    ('true_positives_at_thresholds', 'true_positives_at_thresholds'),
])
def test_tf1_metrics_are_refused_eagerly(name, text_name):
    with pytest.raises(RuntimeError) as raised:
        getattr(v1.metrics, name)([1], [1])
    assert str(raised.value) == 'tf.metrics.%s is not supported when eager execution is enabled.' % text_name


def test_filewriter_and_rnn_cell_refusals():
    with pytest.raises(RuntimeError) as raised:
        v1.summary.FileWriter('/tmp/logs')
    assert str(raised.value) == ('v1.summary.FileWriter is not compatible with eager execution. Use '
                                 '`tf.summary.create_file_writer`,or a `with v1.Graph().as_default():` context')
    assert v1.summary.create_file_writer is tf.summary.create_file_writer
    with pytest.raises(AttributeError) as raised:
        v1.nn.rnn_cell.BasicLSTMCell(4)
    assert str(raised.value) == '`BasicLSTMCell` is not available with Keras 3.'


def test_xw_plus_b():
    x = np.array([[1.0, 2.0], [3.0, 4.0]], np.float32)
    out = v1.nn.xw_plus_b(x, np.array([[0.5], [0.25]], np.float32), np.array([0.1], np.float32))
    assert out.numpy().tolist() == [[1.100000023841858], [2.5999999046325684]]


@pytest.mark.parametrize('call, name', [
    (lambda: v1.to_float(tf.constant([1, 2])), 'to_float'),
    (lambda: v1.to_int32(tf.constant([1.7])), 'to_int32'),
    (lambda: v1.metrics.auc([1], [1]), 'auc'),
])
def test_deprecation_notices_are_tfs(deprecation_notices, call, name):
    for _ in range(2):
        try:
            call()
        except RuntimeError:
            pass
    records = [r.getMessage() for r in deprecation_notices.records if r.name == 'tensorflow']
    assert len(records) == 1
    assert records[0].startswith('From ')
    assert ': %s (from tensorflow.python.ops.' % name in records[0]
    assert records[0].endswith('is deprecated and will be removed in a future version.\nInstructions for updating:\n'
                               + ('Use `tf.cast` instead.' if name != 'auc' else
                                  'The value of AUC returned by this may race with the update so this is deprecated. '
                                  'Please use tf.keras.metrics.AUC instead.'))
