"""Image files decoded in a Dataset.map: TensorFlow's graph knows the pixels' channels (where given) but
not their height and width, so the element spec and a print in the mapped function show
(None, None, 3), whatever the first file's size (the image-loading tutorials). tf.io.decode_raw's
numbers are one open length. Values printed by TF 2.21 (progs/tfdata3/q_decode.py, q_raw.py).
"""
import numpy as np
import pytest

import framework as tf


@pytest.fixture
def png_files(tmp_path):
    rs = np.random.RandomState(0)
    paths = []
    for i, size in enumerate([(5, 4), (3, 6)]):
        path = str(tmp_path / ('img%d.png' % i))
        tf.io.write_file(path, tf.io.encode_png(rs.randint(0, 255, size + (3,), dtype='uint8')))
        paths.append(path)
    return tf.data.Dataset.from_tensor_slices(paths)


def test_decoded_png_spec_has_open_height_and_width(png_files):
    ds = png_files.map(lambda p: tf.io.decode_png(tf.io.read_file(p), channels=3))
    assert repr(ds.element_spec) == 'TensorSpec(shape=(None, None, 3), dtype=tf.uint8, name=None)'
    gray = png_files.map(lambda p: tf.image.decode_png(tf.io.read_file(p), channels=1))
    assert repr(gray.element_spec) == 'TensorSpec(shape=(None, None, 1), dtype=tf.uint8, name=None)'
    assert [e.shape for e in ds.as_numpy_iterator()] == [(5, 4, 3), (3, 6, 3)]


def test_decoded_image_without_animations_and_scaled(png_files):
    ds = png_files.map(lambda p: tf.io.decode_image(tf.io.read_file(p), channels=3, expand_animations=False))
    assert repr(ds.element_spec) == 'TensorSpec(shape=(None, None, 3), dtype=tf.uint8, name=None)'
    scaled = png_files.map(lambda p: tf.cast(tf.io.decode_png(tf.io.read_file(p), channels=3), tf.float32) / 255.)
    assert repr(scaled.element_spec) == 'TensorSpec(shape=(None, None, 3), dtype=tf.float32, name=None)'
    resized = png_files.map(lambda p: tf.image.resize(tf.io.decode_png(tf.io.read_file(p), channels=3), [3, 3]))
    assert repr(resized.element_spec) == 'TensorSpec(shape=(3, 3, 3), dtype=tf.float32, name=None)'
    assert repr(resized.batch(2).element_spec) == 'TensorSpec(shape=(None, 3, 3, 3), dtype=tf.float32, name=None)'


def test_decoded_png_padded_batch_spec(png_files):
    ds = png_files.map(lambda p: tf.io.decode_png(tf.io.read_file(p), channels=3)).padded_batch(2)
    assert repr(ds.element_spec) == 'TensorSpec(shape=(None, None, None, 3), dtype=tf.uint8, name=None)'
    assert next(iter(ds)).shape == (2, 5, 6, 3)


def test_prints_in_the_mapped_function_show_graph_names(png_files, capsys):
    def load(path):
        raw = tf.io.read_file(path)
        print(raw)
        print(tf.io.decode_png(raw))
        print(tf.io.decode_png(raw, channels=3))
        print(tf.io.decode_image(raw, channels=3, expand_animations=False))
        return raw
    png_files.map(load).element_spec
    assert capsys.readouterr().out.splitlines() == [
        'Tensor("ReadFile:0", shape=(), dtype=string)',
        'Tensor("DecodePng:0", shape=(None, None, None), dtype=uint8)',
        'Tensor("DecodePng_1:0", shape=(None, None, 3), dtype=uint8)',
        'Tensor("decode_image/DecodeImage:0", shape=(None, None, 3), dtype=uint8)']


def test_decode_raw_in_a_trace():
    @tf.function
    def f(s):
        print(tf.io.decode_raw(s, tf.uint8))
        print(tf.io.decode_raw(s, tf.int16, fixed_length=4))
        print(tf.io.decode_raw(tf.stack([s, s]), tf.uint8))
        return s
    import io
    import contextlib
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        f(tf.constant(b'abcd'))
    assert out.getvalue().splitlines() == [
        'Tensor("DecodeRaw:0", shape=(None,), dtype=uint8)',
        'Tensor("DecodePaddedRaw:0", shape=(2,), dtype=int16)',
        'Tensor("DecodeRaw_1:0", shape=(2, None), dtype=uint8)']


def test_one_image_ops_after_decoding_keep_the_open_lengths(png_files, capsys):
    def load(path):
        x = tf.io.decode_png(tf.io.read_file(path), channels=3)
        print(tf.image.flip_left_right(x))
        print(tf.image.flip_up_down(x))
        print(tf.image.rgb_to_grayscale(x))
        print(tf.image.convert_image_dtype(x, tf.float32))
        print(tf.image.resize(x, [2, 2]))
        print(tf.image.resize(x, (2, 3), method='nearest'))
        print(tf.image.per_image_standardization(x))
        return tf.image.convert_image_dtype(x, tf.float32)
    ds = png_files.map(load)
    assert repr(ds.element_spec) == 'TensorSpec(shape=(None, None, 3), dtype=tf.float32, name=None)'
    assert capsys.readouterr().out.splitlines() == [
        'Tensor("flip_left_right/ReverseV2:0", shape=(None, None, 3), dtype=uint8)',
        'Tensor("flip_up_down/ReverseV2:0", shape=(None, None, 3), dtype=uint8)',
        'Tensor("rgb_to_grayscale:0", shape=(None, None, 1), dtype=uint8)',
        'Tensor("convert_image:0", shape=(None, None, 3), dtype=float32)',
        'Tensor("resize/Squeeze:0", shape=(2, 2, 3), dtype=float32)',
        'Tensor("resize_1/Squeeze:0", shape=(2, 3, 3), dtype=uint8)',
        'Tensor("per_image_standardization:0", shape=(None, None, 3), dtype=float32)']
    flipped = png_files.map(lambda p: tf.image.flip_left_right(tf.io.decode_png(tf.io.read_file(p), channels=3)))
    assert repr(flipped.element_spec) == 'TensorSpec(shape=(None, None, 3), dtype=tf.uint8, name=None)'
    gray = png_files.map(lambda p: tf.image.rgb_to_grayscale(tf.io.decode_png(tf.io.read_file(p), channels=3)))
    assert repr(gray.element_spec) == 'TensorSpec(shape=(None, None, 1), dtype=tf.uint8, name=None)'


def test_central_crop_of_a_decoded_image(png_files, capsys):
    def load(path):
        x = tf.io.decode_png(tf.io.read_file(path), channels=3)
        print(tf.image.central_crop(x, 0.5))
        print(tf.image.central_crop(tf.zeros((6, 4, 3)), 0.5))
        print(tf.image.central_crop(tf.zeros((2, 6, 4, 3)), 0.5))
        return tf.image.central_crop(x, 0.5)
    ds = png_files.map(load)
    assert repr(ds.element_spec) == 'TensorSpec(shape=(None, None, 3), dtype=tf.uint8, name=None)'
    assert capsys.readouterr().out.splitlines() == [
        'Tensor("central_crop/Slice:0", shape=(None, None, 3), dtype=uint8)',
        'Tensor("central_crop_1/Slice:0", shape=(4, 2, 3), dtype=float32)',
        'Tensor("central_crop_2/Slice:0", shape=(2, 4, 2, 3), dtype=float32)']
