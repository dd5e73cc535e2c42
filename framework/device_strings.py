"""TensorFlow's reading of a device string (DeviceSpecV2's parser), for ``tf.device``.

'/job:localhost/replica:0/task:0/device:GPU:1', 'GPU:1', '/cpu:*', 'CPU', '/device:XPU:0' and
'/job:localhost' (no device type: the enclosing scope's device) are all device strings to TF; a
part it does not know ('foo') and two device types are its ValueErrors. tapeflow runs on the CPU
and GPUs; what the string names is decided in placement.py.
"""

KNOWN_TYPES = ('CPU', 'GPU', 'TPU', 'CUSTOM', 'EPU')


def parse_device_string(spec):
    """(device type as TF holds it, or None; index, or None for none or '*') of ``spec``.

    Raises:
        ValueError: an unknown part or two device types, in TF's words; an index that is no
            integer (Python's int() error, as in TF).
    """
    device_type = index = None
    if spec is None:
        return None, None
    for part in str(spec).split('/'):
        fields = part.split(':')
        n = len(fields)
        if n == 2 and fields[0] in ('job', 'replica', 'task'):
            continue
        if n in (1, 2) and fields[0].upper() in KNOWN_TYPES:
            _one_type(device_type, spec)
            device_type = fields[0].upper()
            if n == 2 and fields[1] != '*':
                index = int(fields[1])
        elif n == 3 and fields[0] == 'device':
            _one_type(device_type, spec)
            device_type = fields[1]
            if fields[2] != '*':
                index = int(fields[2])
        elif fields[0] != '':
            raise ValueError("Unknown attribute '%s' is encountered while parsing the device spec: '%s'."
                             % (fields[0], spec))
    return device_type, index


def _one_type(device_type, spec):
    if device_type is not None:
        raise ValueError('Multiple device types are not allowed while parsing the device spec: %s.' % (spec,))


def parse_location(spec):
    """(job, replica, task) of a device string, None where absent (replica and task as ints)."""
    found = {'job': None, 'replica': None, 'task': None}
    for part in str(spec).split('/'):
        fields = part.split(':')
        if len(fields) == 2 and fields[0] in found:
            found[fields[0]] = fields[1] if fields[0] == 'job' else int(fields[1])
    return found['job'], found['replica'], found['task']
