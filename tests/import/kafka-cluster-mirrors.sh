#!/bin/bash
# Mirror prod-a's orders and payments topics into prod-b with Kafka's proposed cluster
# mirroring (KIP-1279). Run against the destination, prod-b.
set -euo pipefail

# How prod-b's brokers reach the source cluster.
cat > a-to-b.properties <<'EOF'
bootstrap.servers=kafka-a-0.prod-a.internal:9092,kafka-a-1.prod-a.internal:9092
security.protocol=SASL_SSL
sasl.mechanism=SCRAM-SHA-512
sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required \
  username="mirror" \
  password="changeit";
ssl.truststore.location=/etc/kafka/truststore.jks
mirror.groups.include=billing.*,audit
mirror.metadata.refresh.interval.ms=30000
EOF

bin/kafka-cluster-mirrors.sh --bootstrap-server kafka-b-0.prod-b.internal:9092 --create \
  --mirror a-to-b --mirror-config a-to-b.properties --command-config admin.properties
bin/kafka-cluster-mirrors.sh --bootstrap-server kafka-b-0.prod-b.internal:9092 --start \
  --topics "orders" --mirror a-to-b --command-config admin.properties
bin/kafka-cluster-mirrors.sh --bootstrap-server kafka-b-0.prod-b.internal:9092 --start \
  --topics "payments.*" --mirror a-to-b --command-config admin.properties
bin/kafka-cluster-mirrors.sh --bootstrap-server kafka-b-0.prod-b.internal:9092 --describe --json
