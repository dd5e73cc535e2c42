"""``tf.experimental.extension_type``: ``as_dict``, an ExtensionType value's fields by name."""


def as_dict(value):
    """{field name: value} of an ExtensionType value, in the fields' declared order.

    Raises:
        AttributeError: a value that is no ExtensionType (TensorFlow's error: it reads the field list).
    """
    return {name: getattr(value, name) for name in value._tf_extension_type_fields}
