"""tf.signal.stft / tf.signal.frame in a trace: TensorFlow's graph names and open lengths.

The keras.io CTC speech-recognition example maps ``tf.signal.stft`` over audio of any length
(a generator's ``TensorSpec((None,))``) and batches it with ``padded_batch``: TF 2.21's
element_spec says ``(None, None, 193)``, tapeflow said ``(None, 11, 193)`` (the first clip's
frame count), and a Python print in a tf.function showed the stft's values instead of
``Tensor("stft/rfft:0", shape=(None, 193), dtype=complex64)``.

Goldens: /work/notes/progs/kerasio22/sigprobe.py run with TF 2.21 (``/opt/tfref/bin/python``).
"""
import numpy as np

import framework as tf


def _printed(capsys, spec, body):
    @tf.function(input_signature=[spec])
    def f(a):
        body(a)
        return a
    f(tf.zeros([2 if d is None else d for d in spec.shape]))   # (TF prints at the trace, tapeflow at this call)
    return capsys.readouterr().out.splitlines()


def _framing(a):
    print(tf.signal.stft(a, frame_length=256, frame_step=160, fft_length=384))
    print(tf.signal.stft(a, 200, 100))
    print(tf.signal.frame(a, 256, 160, pad_end=True))
    print(tf.signal.frame(a, 64, 32, axis=0))


def test_open_signal_length_leaves_frames_open(capsys):
    assert _printed(capsys, tf.TensorSpec((None,), tf.float32), _framing) == [
        'Tensor("stft/rfft:0", shape=(None, 193), dtype=complex64)',
        'Tensor("stft_1/rfft:0", shape=(None, 129), dtype=complex64)',
        'Tensor("frame/Reshape_4:0", shape=(None, 256), dtype=float32)',
        'Tensor("frame_1/Reshape_4:0", shape=(None, 64), dtype=float32)']


def test_outer_lengths_kept_open_or_known(capsys):
    assert _printed(capsys, tf.TensorSpec((None, 700), tf.float32), _framing) == [
        'Tensor("stft/rfft:0", shape=(None, 3, 193), dtype=complex64)',
        'Tensor("stft_1/rfft:0", shape=(None, 6, 129), dtype=complex64)',
        'Tensor("frame/Reshape_4:0", shape=(None, 5, 256), dtype=float32)',
        'Tensor("frame_1/Reshape_4:0", shape=(None, 64, 700), dtype=float32)']
    out = _printed(capsys, tf.TensorSpec((2, 3, None), tf.float32), _framing)
    assert out[0] == 'Tensor("stft/rfft:0", shape=(2, 3, None, 193), dtype=complex64)'
    assert out[2] == 'Tensor("frame/Reshape_4:0", shape=(2, 3, None, 256), dtype=float32)'


def test_known_lengths_fold_and_frame_reshapes_once_less(capsys):
    assert _printed(capsys, tf.TensorSpec((1000,), tf.float32), _framing) == [
        'Tensor("stft/rfft:0", shape=(5, 193), dtype=complex64)',
        'Tensor("stft_1/rfft:0", shape=(9, 129), dtype=complex64)',
        'Tensor("frame/Reshape_3:0", shape=(7, 256), dtype=float32)',
        'Tensor("frame_1/Reshape_3:0", shape=(30, 64), dtype=float32)']


def test_mapped_spec_of_variable_length_audio():
    clips = [np.zeros(2000, 'float32'), np.zeros(2600, 'float32')]
    ds = tf.data.Dataset.from_generator(lambda: iter(clips),
                                        output_signature=tf.TensorSpec((None,), tf.float32))
    assert repr(ds.map(lambda a: tf.signal.stft(a, 256, 160, 384)).element_spec) == \
        'TensorSpec(shape=(None, 193), dtype=tf.complex64, name=None)'
    assert repr(ds.map(lambda a: tf.signal.frame(a, 256, 160)).element_spec) == \
        'TensorSpec(shape=(None, 256), dtype=tf.float32, name=None)'
    assert repr(ds.map(lambda a: tf.abs(tf.signal.stft(a, 256, 160))).element_spec) == \
        'TensorSpec(shape=(None, 129), dtype=tf.float32, name=None)'
    batched = ds.map(lambda a: tf.abs(tf.signal.stft(a, 256, 160, 384))).padded_batch(2)
    assert repr(batched.element_spec) == 'TensorSpec(shape=(None, None, 193), dtype=tf.float32, name=None)'
    assert [tuple(b.shape) for b in batched] == [(2, 15, 193)]
