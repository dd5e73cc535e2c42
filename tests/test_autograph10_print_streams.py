"""tf.print's output_stream is one of TF 2.21's: sys.stdout, sys.stderr, a tf.compat.v1.logging function or a
'file://<path>' string; anything else ('stdout', an io.StringIO, 3) is its ValueError, eagerly and in a
tf.function. tapeflow before wrote to any object with ``write`` and raised AttributeError "'str' object has no
attribute 'write'" for 'bogus'. Texts printed by TF 2.21 (/work/notes/progs/autograph10/p16.py, p16b.py)."""
import io
import sys

import pytest

import framework as tf

TEXT = ("Unsupported output stream, logging level, or file.%s. Supported streams are sys.stdout, sys.stderr, "
        "tf.logging.info, tf.logging.warning, tf.logging.error. File needs to be in the form of 'file://<filepath>'.")


@pytest.mark.parametrize('stream', ['stdout', 'bogus', io.StringIO(), 3], ids=['stdout', 'bogus', 'StringIO', '3'])
def test_other_streams_are_refused(stream):
    with pytest.raises(ValueError) as caught:
        tf.print('hello', output_stream=stream)
    assert str(caught.value) == TEXT % (stream,)


def test_refused_in_a_tf_function_too_and_the_supported_ones_print(capsys, tmp_path):
    @tf.function
    def bogus():
        tf.print('x', output_stream='bogus')
        return 1
    with pytest.raises(ValueError) as caught:
        bogus()
    assert str(caught.value).strip().split('\n')[-1].strip() == 'ValueError: ' + TEXT % 'bogus'
    target = tmp_path / 'printed.txt'
    tf.print('out', output_stream=sys.stdout)
    tf.print('err', output_stream=sys.stderr)
    tf.print('file', output_stream='file://%s' % target)
    tf.print('logged', output_stream=tf.compat.v1.logging.info)
    captured = capsys.readouterr()
    assert (captured.out, captured.err, target.read_text()) == ('out\n', 'err\n', 'file\n')
