"""tf.profiler.experimental, as the modules guide's graph-tracing cell calls it next to tf.summary.trace_on.

Golden behaviour printed by TF 2.21 (/work/notes/progs/tutorials47/t47_prof.py, t47_prof2.py):
stop() with no session: UnavailableError 'Cannot export profiling results. No profiler is running.';
a second start(): AlreadyExistsError 'Another profiler is running.'; stop() writes
logdir/plugins/profile/<YYYY_MM_DD_HH_MM_SS>/<hostname>.xplane.pb; stop(save=False) writes nothing;
ProfilerOptions() reprs as ProfilerOptions(host_tracer_level=2, python_tracer_level=0, device_tracer_level=1,
delay_ms=None); start(3) is pybind's TypeError; options={'a': 1} is "'dict' object has no attribute '_asdict'".
"""
import os
import re
import socket

import pytest

import framework as tf

profiler = tf.profiler.experimental


@pytest.fixture(autouse=True)
def no_session_left():
    yield
    try:
        profiler.stop(save=False)
    except tf.errors.UnavailableError:
        pass


def test_stop_without_a_session_is_unavailable():
    with pytest.raises(tf.errors.UnavailableError, match=r'^Cannot export profiling results\. No profiler is running\.$'):
        profiler.stop()


def test_one_session_at_a_time(tmp_path):
    profiler.start(str(tmp_path / 'logs'))
    with pytest.raises(tf.errors.AlreadyExistsError, match=r'^Another profiler is running\.$'):
        profiler.start(str(tmp_path / 'other'))
    with pytest.raises(tf.errors.AlreadyExistsError):
        with profiler.Profile(str(tmp_path / 'other')):
            pass
    profiler.stop()
    with pytest.raises(tf.errors.UnavailableError):
        profiler.stop()


def test_stop_writes_an_xspace_naming_the_host_where_tensorboard_looks(tmp_path):
    logdir = tmp_path / 'logs' / 'func'
    profiler.start(str(logdir))
    assert not logdir.exists()          # TF writes on stop, not on start
    tf.reduce_sum(tf.ones((3, 3)))
    profiler.stop()
    runs = os.listdir(logdir / 'plugins' / 'profile')
    assert len(runs) == 1 and re.fullmatch(r'\d{4}_\d\d_\d\d_\d\d_\d\d_\d\d', runs[0])
    host = socket.gethostname()
    files = os.listdir(logdir / 'plugins' / 'profile' / runs[0])
    assert files == [host + '.xplane.pb']
    data = (logdir / 'plugins' / 'profile' / runs[0] / files[0]).read_bytes()
    # XSpace field 4 (hostnames), length-delimited; TF 2.21's parser reads it back as hostnames == [host]
    assert data[0] == 0x22 and data[2:] == host.encode() and data[1] == len(host.encode())


def test_stop_without_save_and_the_context_manager(tmp_path):
    profiler.start(str(tmp_path / 'nosave'))
    profiler.stop(save=False)
    assert not (tmp_path / 'nosave').exists()
    with profiler.Profile(str(tmp_path / 'ctx'), options=profiler.ProfilerOptions(host_tracer_level=3)):
        with profiler.Trace('train', step_num=1, _r=1) as span:
            span.set_metadata(batch=2)
    assert os.listdir(tmp_path / 'ctx' / 'plugins' / 'profile')


def test_options_and_argument_errors():
    assert repr(profiler.ProfilerOptions()) == ('ProfilerOptions(host_tracer_level=2, python_tracer_level=0, '
                                                'device_tracer_level=1, delay_ms=None)')
    with pytest.raises(AttributeError, match="'dict' object has no attribute '_asdict'"):
        profiler.start('logs', options={'a': 1})
    with pytest.raises(TypeError) as caught:
        profiler.start(3)
    assert str(caught.value).startswith('start(): incompatible function arguments. The following argument types are '
                                        'supported:\n    1. (self: tensorflow.python.profiler.internal._pywrap_profiler'
                                        '.ProfilerSession, arg0: str, arg1: dict) -> None\n\nInvoked with: <')
    assert str(caught.value).endswith('>, 3, {}')
    with pytest.raises(tf.errors.UnavailableError):      # the failed starts left no session
        profiler.stop()
    with pytest.raises(TypeError, match="missing 1 required positional argument: 'name'"):
        profiler.Trace()


def test_namespace():
    assert [n for n in dir(tf.profiler) if not n.startswith('_')] == ['experimental']
    assert {'Profile', 'ProfilerOptions', 'Trace', 'start', 'stop'} <= set(dir(profiler))
    assert 'profiler' in dir(tf)


def test_summary_trace_drives_the_profiler_as_tensorflow(tmp_path, caplog):
    # TF 2.21 (t47_traceprof.py / t47_traceprof2.py): trace_on(profiler=True, profiler_outdir) starts a session,
    # trace_export stops it (writing its run) and trace_off then logs that none runs
    import logging
    writer = tf.summary.create_file_writer(str(tmp_path / 'logs'))
    with caplog.at_level(logging.WARNING, logger='tensorflow'):
        tf.summary.trace_on(graph=True, profiler=True, profiler_outdir=str(tmp_path / 'prof'))
        with pytest.raises(tf.errors.AlreadyExistsError):
            profiler.start(str(tmp_path / 'other'))
        with writer.as_default():
            tf.summary.trace_export('t', step=0, profiler_outdir=str(tmp_path / 'ignored'))
    assert os.listdir(tmp_path / 'prof' / 'plugins' / 'profile')
    assert not (tmp_path / 'ignored').exists() and not (tmp_path / 'other').exists()
    assert [r.getMessage() for r in caplog.records] == [
        'Ignoring `profiler_outdir` passed to trace_export(). Please pass it to trace_on() instead.',
        'Error while stopping profiler: Cannot export profiling results. No profiler is running.']
    # profiler=True with no session running: the export raises and tracing stays on
    tf.summary.trace_on(graph=True, profiler=True)
    with writer.as_default():
        with pytest.raises(tf.errors.UnavailableError):
            tf.summary.trace_export('t', step=1)
    profiler.start(str(tmp_path / 'mine'))
    tf.summary.trace_off()          # stops the user's session, as TF's does
    assert os.listdir(tmp_path / 'mine' / 'plugins' / 'profile')


def test_graph_trace_export_ignores_profiler_outdir_silently(tmp_path, caplog):
    # the modules guide: trace_on(graph=True) ... trace_export(name, step=0, profiler_outdir=logdir): TF 2.21
    # warns of the ignored profiler_outdir only for a profiler trace (modules3.py)
    import logging
    writer = tf.summary.create_file_writer(str(tmp_path / 'logs'))
    with caplog.at_level(logging.WARNING, logger='tensorflow'):
        tf.summary.trace_on(graph=True)
        with writer.as_default():
            tf.summary.trace_export('my_func_trace', step=0, profiler_outdir=str(tmp_path / 'logs'))
    assert [r.getMessage() for r in caplog.records] == []
