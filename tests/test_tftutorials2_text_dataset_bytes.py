"""``text_dataset_from_directory`` hands out Python bytes, as TF 2.21 does: a batch's ``.numpy()`` is an
object array of bytes (TF prints ``[b'"csharp stri' b'"how list st']``, the Stack Overflow exercise of
the text-classification tutorial with max_length=12), not of ``np.bytes_`` (numpy 2 prints those as
``np.bytes_(b'...')``), and a text keeps its trailing NUL bytes, which np.bytes_ dropped.
"""
import numpy as np

from framework import keras


def _folder(tmp_path):
    for label, texts in (('a', [b'first text\x00', b'second']), ('b', [b'third one'])):
        (tmp_path / label).mkdir()
        for i, text in enumerate(texts):
            (tmp_path / label / ('%d.txt' % i)).write_bytes(text)
    return str(tmp_path)


def test_batches_hold_python_bytes(tmp_path):
    ds = keras.utils.text_dataset_from_directory(_folder(tmp_path), batch_size=3, shuffle=False, max_length=5)
    texts = next(iter(ds))[0].numpy()
    assert [type(t) for t in texts] == [bytes] * 3
    assert repr(texts) == "array([b'first', b'secon', b'third'], dtype=object)"


def test_texts_keep_trailing_nul_bytes(tmp_path):
    ds = keras.utils.text_dataset_from_directory(_folder(tmp_path), batch_size=None, shuffle=False)
    assert [text.numpy() for text, _ in ds] == [b'first text\x00', b'second', b'third one']
    assert np.asarray([label.numpy() for _, label in ds]).tolist() == [0, 0, 1]
