"""After TensorFlow writes a checkpoint, its warnings print twice, and tapeflow's do too.

TF 2.21's saver logs an INFO line through absl on every checkpoint write, and absl's first log call
runs logging.basicConfig(): the root logger gains a stderr handler next to the one TensorFlow gave
its own 'tensorflow' logger at import, so each later 'WARNING:tensorflow:...' line appears twice
(the checkpoint guide's output, run under TF 2.21; notes/progs/tfguides9/dup3.py). Each program runs
in a fresh interpreter: the test process's logging is pytest's.
"""
import os
import subprocess
import sys
import textwrap

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LINE = 'WARNING:tensorflow:Trace already enabled'


def _stderr_lines(program):
    run = subprocess.run([sys.executable, '-c', textwrap.dedent(program)], cwd=ROOT, capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    return run.stderr.splitlines()


def test_import_gives_the_tensorflow_logger_its_handler_and_leaves_root_alone():
    lines = _stderr_lines("""
        import logging
        import framework as tf
        assert len(logging.getLogger('tensorflow').handlers) == 1 and not logging.root.handlers
    """)
    assert lines == []


def test_warnings_after_a_checkpoint_save_print_twice():
    # TF 2.21: one line before the save, two after it
    lines = _stderr_lines("""
        import os, tempfile
        import framework as tf
        tf.summary.trace_on(); tf.summary.trace_on()
        tf.train.Checkpoint(v=tf.Variable(1.)).save(os.path.join(tempfile.mkdtemp(), 'x'))
        tf.summary.trace_off(); tf.summary.trace_on(); tf.summary.trace_on()
    """)
    assert lines == [LINE] * 3


def test_a_saved_model_write_does_the_same():
    lines = _stderr_lines("""
        import os, tempfile
        import framework as tf
        m = tf.Module(); m.v = tf.Variable(1.)
        tf.saved_model.save(m, os.path.join(tempfile.mkdtemp(), 'sm'))
        tf.summary.trace_on(); tf.summary.trace_on()
    """)
    assert lines == [LINE] * 2


def test_a_root_logger_configured_first_keeps_one_line():
    # TF 2.21: with root configured before the import, TensorFlow adds no handler of its own
    lines = _stderr_lines("""
        import logging, os, tempfile
        logging.basicConfig()
        import framework as tf
        tf.train.Checkpoint(v=tf.Variable(1.)).save(os.path.join(tempfile.mkdtemp(), 'x'))
        tf.summary.trace_on(); tf.summary.trace_on()
    """)
    assert lines == [LINE]
