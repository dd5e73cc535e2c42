"""tf.summary.trace_on / trace_off / trace_export and tf.summary.experimental.summary_scope / write_raw_pb.

Expected texts and event bytes (wall time left out) are TensorFlow 2.21's, printed by the same
program under /opt/tfref/bin/python; TF's RunMetadata holds the traced graphs, tapeflow's none."""
import logging

import pytest

import framework as tf
from framework.errors import DataLossError
from framework.io.tfrecord import read_records

SUMMARY = b'\n\n\n\x03tag\x15\x00\x00\x80?'        # Summary{value{tag: 'tag' simple_value: 1.0}}


def _events(logdir):
    (path,) = list(logdir.iterdir())
    return [record[9:] for record in read_records(str(path))]       # past Event.wall_time


@pytest.fixture(autouse=True)
def _trace_off():
    yield
    tf.summary.trace_off()


def test_trace_export_writes_the_run_metadata_summary_and_stops_tracing(tmp_path):
    writer = tf.summary.create_file_writer(str(tmp_path))
    with pytest.raises(ValueError, match='^Must enable trace before export through tf.summary.trace_on.$'):
        tf.summary.trace_export('x', step=0)
    tf.summary.trace_on(graph=True, profiler=False)
    assert tf.summary.trace_export('not_written', step=1) is None       # no default writer: nothing written
    tf.summary.trace_on()
    tf.function(lambda x: x * 2)(tf.constant(1.0))
    with writer.as_default():
        assert tf.summary.trace_export('trace', step=3) is None
    with pytest.raises(ValueError, match='Must enable trace'):
        tf.summary.trace_export('again', step=0)
    writer.flush()
    events = _events(tmp_path)
    assert events[1].startswith(b'\x10\x03*2\n0\n\x05traceJ\x1f\n\x1d\n\x18graph_run_metadata_graph\x12\x011B\x06\x08\x07\x12')
    assert len(events) == 2


def test_trace_on_twice_and_profiler_log_tensorflows_warnings(caplog):
    with caplog.at_level(logging.WARNING, logger='tensorflow'):
        tf.summary.trace_on()
        tf.summary.trace_on()
        tf.summary.trace_off()
        tf.summary.trace_on(graph=True, profiler=True)
        tf.summary.trace_off()
        tf.summary.trace_off()
    assert [r.getMessage() for r in caplog.records] == [
        'Trace already enabled', "No `profiler_outdir` passed to trace_on(). Profiler won't be enabled.",
        'Error while stopping profiler: Cannot export profiling results. No profiler is running.']


@pytest.mark.parametrize('outer, name, default, tag, scope', [
    (None, 'foo', None, 'foo', 'foo/'),
    ('outer', 'foo', 'dflt', 'outer/foo', 'outer/foo/'),
    ('outer', None, 'dflt', 'outer/dflt', 'outer/dflt/'),
    ('outer', 'a b', 'dflt', 'outer/a b', 'outer/ab/'),
    ('outer', '??', 'dflt', 'outer/??', 'outer/dflt/'),
    ('outer', '??', None, 'outer/??', 'outer/summary/'),
    (None, '??', None, '??', 'summary/'),
])
def test_summary_scope_yields_tensorflows_tag_and_scope(outer, name, default, tag, scope):
    with tf.name_scope(outer or ''):
        with tf.summary.experimental.summary_scope(name, default) as got:
            assert got == (tag, scope)
            assert tf.get_current_name_scope() == scope[:-1]


def test_write_raw_pb_writes_one_event_of_the_concatenated_protos(tmp_path):
    writer = tf.summary.create_file_writer(str(tmp_path))
    assert not tf.summary.experimental.write_raw_pb(SUMMARY, step=2)
    with writer.as_default():
        assert tf.summary.experimental.write_raw_pb(tf.constant([SUMMARY, SUMMARY]), step=5)
        with pytest.raises(ValueError, match='No step set'):
            tf.summary.experimental.write_raw_pb(SUMMARY)
        with pytest.raises(DataLossError, match=r'Bad tf.compat.v1.Summary binary proto tensor string at index 1 '
                                                r'\[Op:WriteRawProtoSummary\]'):
            tf.summary.experimental.write_raw_pb([SUMMARY, b'\n\x05ab'], step=1)
    assert _events(tmp_path)[1:] == [b'\x10\x05*\x18' + SUMMARY + SUMMARY]
