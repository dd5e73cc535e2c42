"""Bad input to every public function of tf.image, tf.signal and tf.io: a TypeError or ValueError
(or a TensorFlow OpError) whose message names the function, never a bare numpy or Python error."""
import os
import tempfile

import numpy as np
import pytest

import framework as tf

IMG = np.linspace(0, 1, 2 * 6 * 6 * 3, dtype=np.float32).reshape(2, 6, 6, 3)
BOX = np.float32([[0, 0, 1, 1]])
S = np.sin(np.arange(32, dtype=np.float32))
Z = np.fft.fft(S.reshape(4, 8)).astype(np.complex64)
PNG = bytes(tf.io.encode_png(np.zeros((2, 2, 3), np.uint8)).numpy())

IMAGE = {
    'resize': (IMG, (3, 3)), 'resize_with_pad': (IMG, 4, 4), 'resize_with_crop_or_pad': (IMG, 4, 4),
    'central_crop': (IMG, 0.5), 'crop_to_bounding_box': (IMG, 1, 1, 2, 2), 'pad_to_bounding_box': (IMG, 1, 1, 8, 8),
    'crop_and_resize': (IMG, BOX, np.int32([0]), (2, 2)),
    'extract_patches': (IMG, [1, 2, 2, 1], [1, 1, 1, 1], [1, 1, 1, 1], 'VALID'),
    'flip_left_right': (IMG,), 'flip_up_down': (IMG,), 'rot90': (IMG,), 'transpose': (IMG,),
    'adjust_brightness': (IMG, 0.1), 'adjust_contrast': (IMG, 1.2), 'adjust_gamma': (IMG, 1.2),
    'adjust_hue': (IMG, 0.1), 'adjust_saturation': (IMG, 1.2), 'rgb_to_grayscale': (IMG,),
    'grayscale_to_rgb': (IMG[..., :1],), 'rgb_to_hsv': (IMG,), 'hsv_to_rgb': (IMG,), 'rgb_to_yuv': (IMG,),
    'yuv_to_rgb': (IMG,), 'rgb_to_yiq': (IMG,), 'yiq_to_rgb': (IMG,), 'convert_image_dtype': (IMG, 'uint8'),
    'per_image_standardization': (IMG,), 'total_variation': (IMG,), 'image_gradients': (IMG,),
    'sobel_edges': (IMG,), 'psnr': (IMG, IMG, 1.0), 'ssim': (IMG, IMG, 1.0, 3),
    'ssim_multiscale': (IMG, IMG, 1.0, (0.5, 0.5), 3),
    'non_max_suppression': (BOX, np.float32([1]), 1), 'non_max_suppression_padded': (BOX, np.float32([1]), 2),
    'non_max_suppression_overlaps': (np.float32([[1.0]]), np.float32([1]), 1),
    'combined_non_max_suppression': (BOX[None, :, None], np.float32([[[0.5, 0.7]]]), 1, 2), 'non_max_suppression_with_scores': (BOX, np.float32([1]), 1),
    'draw_bounding_boxes': (IMG, np.float32([[[0, 0, 1, 1]]] * 2), np.float32([[1, 0, 0]])),
    'random_flip_left_right': (IMG,), 'random_flip_up_down': (IMG,), 'random_brightness': (IMG, 0.1),
    'random_contrast': (IMG, 0.5, 1.5), 'random_saturation': (IMG, 0.5, 1.5), 'random_hue': (IMG, 0.1),
    'random_crop': (IMG, [1, 2, 2, 3]), 'sample_distorted_bounding_box': (np.int32([6, 6, 3]), BOX[None]),
    'stateless_sample_distorted_bounding_box': (np.int32([6, 6, 3]), BOX[None], (1, 2)), 'stateless_random_flip_left_right': (IMG, (1, 2)),
    'stateless_random_flip_up_down': (IMG, (1, 2)), 'stateless_random_brightness': (IMG, 0.1, (1, 2)),
    'stateless_random_contrast': (IMG, 0.5, 1.5, (1, 2)), 'stateless_random_saturation': (IMG, 0.5, 1.5, (1, 2)),
    'stateless_random_hue': (IMG, 0.1, (1, 2)), 'stateless_random_crop': (IMG, [1, 2, 2, 3], (1, 2)),
    'extract_glimpse': (IMG, (2, 2), np.float32([[0, 0], [0.1, -0.2]])),
}
SIGNAL = {
    'fft': (Z,), 'ifft': (Z,), 'fft2d': (Z,), 'ifft2d': (Z,), 'fft3d': (Z[None],), 'ifft3d': (Z[None],),
    'rfft': (S,), 'irfft': (Z,), 'rfft2d': (S.reshape(4, 8),), 'irfft2d': (Z,), 'rfft3d': (S.reshape(2, 2, 8),),
    'irfft3d': (Z[None],), 'fftnd': (Z,), 'ifftnd': (Z,), 'rfftnd': (S.reshape(4, 8),), 'irfftnd': (Z,),
    'fftshift': (S,), 'ifftshift': (S,), 'frame': (S, 4, 2),
    'overlap_and_add': (S.reshape(4, 8), 4), 'hann_window': (8,), 'hamming_window': (8,), 'kaiser_window': (8,),
    'vorbis_window': (8,), 'kaiser_bessel_derived_window': (8,), 'stft': (S, 8, 4),
    'inverse_stft': (Z[:, :5], 8, 4), 'inverse_stft_window_fn': (4,),
    'linear_to_mel_weight_matrix': (4, 9, 100, 10.0, 40.0), 'mfccs_from_log_mel_spectrograms': (S.reshape(4, 8),),
    'dct': (S,), 'idct': (S,), 'mdct': (S, 8), 'inverse_mdct': (S.reshape(8, 4),),
}
IO = {
    'decode_raw': ([b'ab'], 'uint8'), 'decode_csv': (['1'], [[0]]), 'serialize_tensor': (S,),
    'parse_tensor': (tf.io.serialize_tensor(S), 'float32'), 'encode_png': (np.zeros((2, 2, 3), np.uint8),),
    'decode_png': (PNG,), 'decode_image': (PNG,), 'is_jpeg': (b'abc',), 'matching_files': ('/nonexistent/*.png',),
    'read_file': (__file__,), 'parse_single_example': (b'', {'q': tf.io.FixedLenFeature([], tf.int64, default_value=1)}),
    'parse_example': ([b''], {'q': tf.io.VarLenFeature(tf.float32)}), 'encode_base64': (b'abc',),
    'decode_base64': (b'YWJj',), 'decode_compressed': (b'abc',), 'extract_jpeg_shape': (b'\xff\xd8\xff\xc0\x00\x11\x08\x00\x02\x00\x03\x01',), 'write_file': (os.path.join(tempfile.mkdtemp(), 'out.bin'), b'data'),
    'serialize_sparse': (tf.sparse.SparseTensor([[0, 1]], [1.5], [2, 2]),),
    'serialize_many_sparse': (tf.sparse.SparseTensor([[0, 1]], [1.5], [2, 2]),),
    'deserialize_many_sparse': (tf.io.serialize_many_sparse(tf.sparse.SparseTensor([[0, 1]], [1.5], [2, 2])),
                                'float32'),
    'parse_single_sequence_example': (b'', None, {'q': tf.io.FixedLenSequenceFeature([], tf.int64, allow_missing=True)}),
    'parse_sequence_example': ([b''], None, {'q': tf.io.VarLenFeature(tf.float32)}),
    'decode_json_example': ('{}',),
    'decode_bmp': (b'BM' + bytes(8) + (54).to_bytes(4, 'little') + (40).to_bytes(4, 'little') + (1).to_bytes(4, 'little')
                   + (1).to_bytes(4, 'little') + (1).to_bytes(2, 'little') + (24).to_bytes(2, 'little') + bytes(24) + bytes(4),),
}
BAD = [None, 'abc', {'a': 1}, object(), np.zeros((0,), np.float32), np.zeros((2, 2), np.float32), -3]
CASES = [(module, name, args) for module, table in (('image', IMAGE), ('signal', SIGNAL), ('io', IO))
         for name, args in sorted(table.items())]


def test_the_tables_cover_every_public_function():
    for module, table in (('image', IMAGE), ('signal', SIGNAL), ('io', IO)):
        namespace = getattr(tf, module)
        public = {n for n in namespace.__all__ if callable(getattr(namespace, n)) and not isinstance(getattr(namespace, n), type)}
        # the JPEG codecs (and the JPEG-quality augmentations built on them) need Pillow, which may be absent
        jpeg = {'decode_jpeg', 'encode_jpeg', 'adjust_jpeg_quality', 'random_jpeg_quality', 'stateless_random_jpeg_quality'}
        assert public - set(table) - jpeg - {'FixedLenFeature', 'VarLenFeature'} == set(), module


@pytest.mark.parametrize('module, name, args', CASES, ids=['%s.%s' % c[:2] for c in CASES])
def test_bad_arguments_name_the_function(module, name, args, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)                         # write_file('abc', ...) is a valid call: keep it here
    fn = getattr(getattr(tf, module), name)
    fn(*args)                                           # the good call works
    for position in range(len(args)):
        for bad in BAD:
            call = list(args)
            call[position] = bad
            try:
                fn(*call)
            except (TypeError, ValueError, AttributeError, IndexError, tf.errors.OpError) as err:
                # a kernel error keeps TensorFlow's words and names the function in a note (AttributeError:
                # TF 2.21's own class for convert_image_dtype's dtype kinds; IndexError: its tensordot's for a
                # scalar image in rgb_to_grayscale / rgb_to_yuv)
                assert name in '\n'.join([str(err)] + getattr(err, '__notes__', [])), (position, bad, err)
