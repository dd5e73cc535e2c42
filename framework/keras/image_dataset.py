"""``keras.utils.image_dataset_from_directory``: a Dataset of (image, label) from a folder of images.

``main_directory/class_a/*.png`` ... give labels 0, 1, ... (subfolders sorted by
name), listed and split exactly as Keras 3 does (see text_dataset.py, whose
directory index this shares). Each image is decoded (PNG in pure Python; JPEG,
GIF and BMP through Pillow, which must then be installed), converted to
``color_mode``'s channels and resized to ``image_size`` as float32 (uint8 with
interpolation='nearest'), as Keras's tf.data loader does with tf.image.resize.
"""
import numpy as np

from framework.errors import noted
from .directory_index import (check_label_args, check_format, check_validation_split_arg,
                              index_directory, refuse_grain, split_subsets)
from .file_dataset import files_dataset

ALLOWLIST_FORMATS = ('.bmp', '.gif', '.jpeg', '.jpg', '.png')
_CHANNELS = {'rgb': 3, 'rgba': 4, 'grayscale': 1}
_INTERPOLATIONS = ('bilinear', 'nearest', 'bicubic', 'area', 'lanczos3', 'lanczos5', 'gaussian', 'mitchellcubic')


def image_dataset_from_directory(directory, labels='inferred', label_mode='int', class_names=None, color_mode='rgb',
                                 batch_size=32, image_size=(256, 256), shuffle=True, seed=None, validation_split=None,
                                 subset=None, interpolation='bilinear', follow_links=False, crop_to_aspect_ratio=False,
                                 pad_to_aspect_ratio=False, data_format=None, format='tf', verbose=True):
    """A Dataset of float32 images (uint8 with interpolation='nearest') shaped (batch, height, width,
    channels), with labels unless ``labels`` or ``label_mode`` is None; Keras 3's arguments (see
    text_dataset_from_directory for the shared ones).

    Returns:
        a Dataset with ``class_names`` and ``file_paths`` attributes, or [train, validation] with subset='both'.
    Raises:
        ValueError: bad labels, label_mode, color_mode, image_size, interpolation, format or split
            arguments, both aspect-ratio options, or no image files.
        ImportError: format='grain'.
    """
    what = 'image_dataset_from_directory'
    labels, label_mode = check_label_args(what, labels, label_mode, class_names)
    if color_mode not in _CHANNELS:
        raise noted(ValueError('`color_mode` must be one of {"rgb", "rgba", "grayscale"}. Received: color_mode=%s'
                               % (color_mode,)), what)
    if isinstance(image_size, int):
        image_size = (image_size, image_size)
    if not isinstance(image_size, (list, tuple)) or len(image_size) != 2:
        raise noted(ValueError('Invalid `image_size` value. Expected a tuple of 2 integers. Received: image_size=%s'
                               % (image_size,)), what)
    interpolation = str(interpolation).lower()
    if interpolation not in _INTERPOLATIONS:
        raise noted(ValueError('Argument `interpolation` should be one of %s. Received: interpolation=%s'
                               % (_INTERPOLATIONS, interpolation)), what)
    check_format(format)
    if data_format not in (None, 'channels_last'):
        raise ValueError('%s: tapeflow gives datasets in channels_last, got data_format=%r' % (what, data_format))
    check_validation_split_arg(validation_split, subset, shuffle, seed)
    if seed is None:
        seed = np.random.randint(1e6)
    paths, labels, class_names = index_directory(directory, labels, formats=ALLOWLIST_FORMATS,
                                                 class_names=class_names, shuffle=shuffle, seed=seed,
                                                 follow_links=follow_links, verbose=verbose)
    if label_mode == 'binary' and len(class_names) != 2:
        raise ValueError('When passing `label_mode="binary"`, there must be exactly 2 class_names. Received: '
                         'class_names=%s' % (class_names,))
    load = _Loader(tuple(int(d) for d in image_size), _CHANNELS[color_mode], interpolation,
                   crop_to_aspect_ratio, pad_to_aspect_ratio)
    out = []
    for part, part_paths, part_labels in split_subsets(paths, labels, validation_split, subset, 'images', directory,
                                                       'Allowed formats: %s' % (ALLOWLIST_FORMATS,)):
        if format == 'grain':                   # refused where Keras first imports grain: files found
            raise refuse_grain(what)
        if crop_to_aspect_ratio and pad_to_aspect_ratio:      # Keras's image loader refuses, once files are found
            raise noted(ValueError('Only one of `pad_to_aspect_ratio`, `crop_to_aspect_ratio` can be set to `True`.'),
                        what)
        dataset = _images(part_paths, part_labels, label_mode, len(class_names) if class_names else 0, load,
                          shuffle and not (subset == 'both' and part == 'validation'),
                          batch_size * 8 if batch_size else 1024, seed)     # Keras: shuffle_buffer_size or 1024
        if batch_size is not None:
            dataset = dataset.batch(batch_size)
        dataset = dataset.prefetch(-1)      # Keras's prefetch(AUTOTUNE): prints as _PrefetchDataset, as TF's
        dataset.class_names = class_names
        dataset.file_paths = part_paths
        out.append(dataset)
    return out if subset == 'both' else out[0]


class _Loader:
    """One image file as Keras's loader makes it: decoded, then resized (or cropped / padded) to float32,
    or kept uint8 with interpolation='nearest', which tf.image.resize returns in the input's dtype."""

    def __init__(self, size, channels, interpolation, crop, pad):
        self.size, self.channels, self.interpolation, self.crop, self.pad = size, channels, interpolation, crop, pad
        self.dtype = np.dtype(np.uint8 if interpolation == 'nearest' else np.float32)

    def __call__(self, path):
        from framework import image
        from framework.io import decode_image
        from .ops_image import resize
        with open(path.decode() if isinstance(path, bytes) else str(path), 'rb') as f:
            pixels = decode_image(f.read(), channels=self.channels, expand_animations=False)
        if self.crop:      # Keras's smart_resize: the centred crop of the target's aspect ratio, resized as floats
            out = resize(pixels._data.astype(np.float32), self.size, interpolation=self.interpolation,
                         crop_to_aspect_ratio=True)
        elif self.pad:
            out = image.resize_with_pad(pixels, self.size[0], self.size[1], method=self.interpolation)
        else:
            out = image.resize(pixels, self.size, method=self.interpolation)
        return np.asarray(out.numpy(), self.dtype)     # nearest picks whole pixels: uint8 exactly


def _images(paths, labels, label_mode, num_classes, load, shuffle, buffer, seed):
    from framework.data.spec import TensorSpec
    return files_dataset(paths, labels, label_mode, num_classes, load,
                         TensorSpec(load.size + (load.channels,), load.dtype.name), shuffle, buffer, seed)
